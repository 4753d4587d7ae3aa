import { countsFromJson, describeCounts, totalOf } from '@/lib/pii/kinds';

/** "Redacted on the way in: 2 emails · 1 phone", or nothing when nothing was redacted. */
export function RedactionNote({ counts, prefix = 'Personal data redacted on the way in' }: { counts: unknown; prefix?: string }) {
  const read = countsFromJson(counts);
  if (!read || totalOf(read) === 0) return null;
  return (
    <p className="text-sm text-slate-600" data-testid="redaction-note">
      <span className="mr-1.5 inline-block rounded bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200">redacted</span>
      {prefix}: {describeCounts(read)}
    </p>
  );
}

/** A table cell's short form: "2 emails · 1 phone", or an en dash. */
export function RedactionCell({ counts }: { counts: unknown }) {
  const read = countsFromJson(counts);
  return read ? <span className="text-xs text-amber-800">{describeCounts(read)}</span> : <span className="text-slate-400">–</span>;
}
