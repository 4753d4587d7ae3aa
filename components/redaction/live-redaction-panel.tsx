import Link from '@/components/ui/project-link';
import { Card } from '@/components/ui/card';
import { describeSetting } from '@/lib/pii/kinds';
import { loadRedactionPatterns } from '@/lib/redaction/page/load-redaction-settings';
import { storedRedactionOf } from '@/lib/redaction/stored-setting';
import { LiveRedactionForm } from './live-redaction-form';

/** A live dataset's redaction: what it takes out of arriving traces, and (admins) the form to change it. */
export async function LiveRedactionPanel({ datasetId, setting, mayEdit }: { datasetId: string; setting: unknown; mayEdit: boolean }) {
  const stored = storedRedactionOf(setting);
  const patterns = mayEdit ? await loadRedactionPatterns() : [];
  const described = stored ? describeSetting(stored) : null;
  return (
    <Card title="Personal data">
      <p className="mb-3 text-sm text-slate-600">
        {described ? <>Traces that arrive are stored with {described} replaced by placeholders, before the judge sees them.</> : <>Traces that arrive are stored as they come.</>} A change applies to what arrives
        after it; stored conversations are left as they are.
        {mayEdit ? (
          <>
            {' '}
            <Link href="/admin/redaction" className="font-medium text-indigo-700 hover:underline">
              Your own patterns
            </Link>
          </>
        ) : null}
      </p>
      {mayEdit ? <LiveRedactionForm datasetId={datasetId} current={{ kinds: stored?.kinds ?? [], patterns: stored?.patterns ?? [] }} patterns={patterns} /> : null}
    </Card>
  );
}
