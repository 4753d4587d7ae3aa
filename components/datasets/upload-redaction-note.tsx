import { describeCounts, describeSetting } from '@/lib/pii/kinds';
import { storedRedactionOf } from '@/lib/redaction/stored-setting';

/** What an upload had redacted before it was stored: the kinds and patterns asked for and what they took. */
export function UploadRedactionNote({ setting }: { setting: unknown }) {
  const stored = storedRedactionOf(setting);
  if (!stored) return null;
  const asked = describeSetting(stored);
  const taken = describeCounts(stored.counts);
  return (
    <p className="text-sm text-slate-600" data-testid="upload-redaction">
      <span className="mr-1.5 inline-block rounded bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200">redacted</span>
      Personal data was replaced with placeholders before this dataset was stored ({asked}): {taken || 'none was found'}.
    </p>
  );
}
