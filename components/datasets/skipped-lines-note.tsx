import type { SkippedLine } from '@/lib/db/rows/skipped-lines';

/** The lines the import left out ("skip invalid rows"), and why: folded, with the count in view. */
export function SkippedLinesNote({ skipped }: { skipped: SkippedLine[] }) {
  if (skipped.length === 0) return null;
  return (
    <details className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="skipped-lines">
      <summary className="cursor-pointer font-medium">
        {skipped.length === 1 ? '1 line of the file was skipped' : `${skipped.length.toLocaleString('en-US')} lines of the file were skipped`} at import (invalid rows
        left out on request; a conversation with one is left out whole)
      </summary>
      <ul className="mt-2 max-h-64 space-y-1 overflow-auto">
        {skipped.map((s) => (
          <li key={`${s.file ?? ''}:${s.line}`} className="break-words">
            <span className="font-medium tabular-nums">
              {s.file ? `${s.file}, line` : 'Line'} {s.line}
            </span>
            {s.field ? <span className="font-mono text-xs"> · {s.field}</span> : null}: {s.message}
          </li>
        ))}
      </ul>
    </details>
  );
}
