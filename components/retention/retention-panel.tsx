import { pageProjectId } from '@/lib/auth/session';
import { Card } from '@/components/ui/card';
import { loadRetentionPanel } from '@/lib/retention/page/load-retention-panel';
import { describeKindPreview, RETENTION_KINDS } from '@/lib/retention/retention-kinds';
import { RetentionForm } from './retention-form';

/** A live dataset's retention: how long each kind of its data is kept, what that deletes, and (admins) the form to change it. */
export async function RetentionPanel({ datasetId, mayEdit }: { datasetId: string; mayEdit: boolean }) {
  const panel = await loadRetentionPanel(await pageProjectId(), datasetId);
  if (!panel) return null;
  return (
    <Card title="Retention">
      <p className="mb-3 text-sm text-slate-600">
        How long this live dataset&apos;s data is kept. The worker deletes what is older in short batches, about once a minute; nothing is deleted unless a number is set here (received OTLP bodies follow
        the server&apos;s default). Uploaded datasets are kept until someone deletes them.
      </p>
      {mayEdit ? (
        <RetentionForm datasetId={datasetId} initial={panel.setting} initialPreview={{ kinds: panel.kinds, defaultOtlpHours: panel.defaultOtlpHours }} />
      ) : (
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          {RETENTION_KINDS.map((kind, i) => (
            <div key={kind.key}>
              <dt className="font-medium text-slate-700">{kind.label}</dt>
              <dd className="text-slate-600">{panel.setting[kind.key] === null ? 'Kept' : `${panel.setting[kind.key]} days`}</dd>
              <dd className="text-xs text-slate-500">{describeKindPreview(panel.kinds[i], panel.defaultOtlpHours).replace(/^Saving this deletes/, 'This deletes')}</dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
