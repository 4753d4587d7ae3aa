import type { DiffPart } from '@/lib/compare/turn-changes';

/** A reply as changed from the baseline's: removed words struck through, added ones marked. */
export function WordDiff({ parts }: { parts: DiffPart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        part.change === 'removed' ? (
          <del key={i} className="rounded-sm bg-rose-100 text-rose-900 decoration-rose-700">
            <span className="sr-only">[removed: </span>
            {part.text}
            <span className="sr-only">]</span>
          </del>
        ) : part.change === 'added' ? (
          <ins key={i} className="rounded-sm bg-emerald-100 text-emerald-900 no-underline">
            <span className="sr-only">[added: </span>
            {part.text}
            <span className="sr-only">]</span>
          </ins>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
