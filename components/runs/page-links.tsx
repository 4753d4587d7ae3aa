import Link from '@/components/ui/project-link';

/** First / previous / next / last links with "page N of M · total"; `hrefFor` builds a page's URL. */
export function PageLinks({
  page,
  pageCount,
  total,
  noun,
  hrefFor,
  label,
}: {
  page: number;
  pageCount: number;
  total: number;
  noun: string;
  hrefFor: (page: number) => string;
  label: string;
}) {
  const link = 'rounded-md border border-slate-300 bg-white px-2.5 py-1 text-slate-700 shadow-sm hover:bg-slate-50';
  const off = 'rounded-md border border-slate-200 px-2.5 py-1 text-slate-300';
  const to = (target: number, text: string, rel?: string) =>
    target >= 1 && target <= pageCount && target !== page ? (
      <Link href={hrefFor(target)} prefetch={false} className={link} rel={rel} scroll={false}>
        {text}
      </Link>
    ) : (
      <span className={off} aria-disabled>
        {text}
      </span>
    );
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-2 text-sm">
      {to(1, '« First')}
      {to(page - 1, '‹ Previous', 'prev')}
      <span className="px-1 tabular-nums text-slate-600">
        Page {page.toLocaleString('en-US')} of {pageCount.toLocaleString('en-US')} · {total.toLocaleString('en-US')} {noun}
      </span>
      {to(page + 1, 'Next ›', 'next')}
      {to(pageCount, 'Last »')}
    </nav>
  );
}
