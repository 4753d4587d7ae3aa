import Link from '@/components/ui/project-link';

/** Previous / next links and "page N of M"; `hrefFor` builds a page's URL (server components only). */
export function Pagination({ page, pageCount, hrefFor, label = 'Pages' }: { page: number; pageCount: number; hrefFor: (page: number) => string; label?: string }) {
  if (pageCount <= 1) return null;
  const link = 'rounded-md border border-slate-300 bg-white px-3 py-1.5 font-medium text-slate-700 shadow-sm hover:bg-slate-50';
  const off = 'rounded-md border border-slate-200 px-3 py-1.5 text-slate-400';
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Link href={hrefFor(page - 1)} className={link} rel="prev">
          ← Previous
        </Link>
      ) : (
        <span className={off}>← Previous</span>
      )}
      <span className="text-slate-600 tabular-nums">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link href={hrefFor(page + 1)} className={link} rel="next">
          Next →
        </Link>
      ) : (
        <span className={off}>Next →</span>
      )}
    </nav>
  );
}
