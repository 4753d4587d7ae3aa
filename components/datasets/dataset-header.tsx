import Link from '@/components/ui/project-link';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { buttonClass } from '@/components/ui/button';
import { formatDate } from '@/lib/format/format';
import { DatasetActions } from './dataset-actions';
import { formatLabel, plural } from './format-labels';
import { SnapshotLiveForm } from './snapshot-live-form';
import { UploadRedactionNote } from './upload-redaction-note';

export interface DatasetHeaderProps {
  dataset: {
    id: string;
    name: string;
    modelVersion: string | null;
    sourceFormat: string;
    sourceFileName: string | null;
    conversationCount: number;
    turnCount: number;
    createdAt: Date;
    /** The redaction applied on the way in (lib/redaction's StoredRedaction, as stored). */
    piiRedaction?: unknown;
    _count: { runs: number };
    /** The deepeval dataset alias this dataset is a version of (pushed goldens, or a test run's cases). */
    aliasVersion: { alias: string; version: string; source: string; finalized: boolean } | null;
  };
  /** What the signed-in user may do here: start runs (editors), rename and delete (its maker, admins). */
  may: { run: boolean; change: boolean };
}

export function DatasetHeader({ dataset, may }: DatasetHeaderProps) {
  return (
    <div className="space-y-3">
      <Breadcrumbs items={[{ label: 'Datasets', href: '/datasets' }, { label: dataset.name }]} />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold break-words">{dataset.name}</h1>
          <p className="mt-1 text-sm text-slate-600">
            {plural(dataset.conversationCount, 'conversation')} · {plural(dataset.turnCount, 'turn')} · {formatLabel(dataset.sourceFormat)}
            {dataset.sourceFileName ? <> · from <span className="font-mono text-xs">{dataset.sourceFileName}</span></> : null}
            {dataset.modelVersion ? ` · model version ${dataset.modelVersion}` : ''} · imported {formatDate(dataset.createdAt)}
          </p>
          {dataset.aliasVersion ? (
            <p className="mt-1 text-sm text-slate-600" data-testid="dataset-alias-version">
              {dataset.aliasVersion.source === 'push'
                ? `deepeval dataset ${dataset.aliasVersion.alias}, version ${dataset.aliasVersion.version}${dataset.aliasVersion.finalized ? '' : ' (not finalized: a default pull leaves it out)'}: EvaluationDataset.pull(alias="${dataset.aliasVersion.alias}") answers its newest finalized version.`
                : `The test cases of deepeval test runs named ${dataset.aliasVersion.alias} (version ${dataset.aliasVersion.version}): every test run of these same cases lands on this dataset.`}
            </p>
          ) : null}
        </div>
        {may.run ? (
          <div className="flex flex-wrap gap-2">
            {dataset.sourceFormat === 'otlp' ? (
              <Link href={`/online/new?dataset=${dataset.id}`} className={buttonClass('secondary')}>
                Evaluate online
              </Link>
            ) : null}
            <Link href={`/replays/new?dataset=${dataset.id}`} className={buttonClass('secondary')}>
              Replay with another model
            </Link>
            <Link href={`/schedules/new?dataset=${dataset.id}`} className={buttonClass('secondary')}>
              Schedule
            </Link>
            <Link href={`/runs/new?dataset=${dataset.id}`} className={buttonClass('primary')}>
              New run
            </Link>
          </div>
        ) : null}
      </div>
      {dataset.sourceFormat === 'otlp' ? (
        <p className="text-sm text-slate-600">
          Production conversations land here as they arrive.{' '}
          <Link href="/online" className="font-medium text-indigo-700 hover:underline">
            Online evaluation rules
          </Link>{' '}
          score them once they go quiet. Save them as they are now as a fixed dataset to run, replay or compare against later.
        </p>
      ) : null}
      {dataset.sourceFormat !== 'otlp' ? <UploadRedactionNote setting={dataset.piiRedaction} /> : null}
      {dataset.sourceFormat === 'otlp' && may.run ? <SnapshotLiveForm dataset={dataset} defaultName={`${dataset.name.replace(/^Live: /, '')} · ${new Date().toISOString().slice(0, 10)}`} /> : null}
      <DatasetActions dataset={{ id: dataset.id, name: dataset.name, conversationCount: dataset.conversationCount, runCount: dataset._count.runs }} mayChange={may.change} />
    </div>
  );
}
