import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PickerPanel, SummaryPanel, TablePanel } from '@/components/compare/panels';
import { PanelPlaceholder } from '@/components/compare/compare-skeleton';
import { TableSkeleton } from '@/components/ui/skeleton';
import { parseCompareSearch, type SearchParams } from '@/lib/compare/compare-search';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Compare runs' };

export default async function ComparePage(props: { searchParams: Promise<SearchParams> }) {
  const search = parseCompareSearch(await props.searchParams);
  const chosen = Boolean(search.baseline) && search.candidates.length > 0;
  const selection = [search.baseline, ...search.candidates].join(',');
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Compare runs</h1>
      {chosen && !search.pick ? (
        <>
          <Suspense key={selection} fallback={<PanelPlaceholder label="Loading the comparison" height="h-48" />}>
            <SummaryPanel search={search} />
          </Suspense>
          <Suspense key={JSON.stringify(search)} fallback={<TableSkeleton rows={10} label="Loading the conversations" />}>
            <TablePanel search={search} />
          </Suspense>
        </>
      ) : (
        <Suspense fallback={<TableSkeleton rows={8} label="Loading runs" />}>
          <PickerPanel
            search={search}
            message={!search.pick && (search.baseline || search.candidates.length) ? 'Pick one baseline and at least one other run to compare with it.' : undefined}
          />
        </Suspense>
      )}
    </div>
  );
}
