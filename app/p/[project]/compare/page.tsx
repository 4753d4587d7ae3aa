import type { Metadata } from 'next';
import { Suspense } from 'react';
import { BreakOverlayPanel } from '@/components/compare/break-overlay-panel';
import { PickerPanel, SummaryPanel, TablePanel } from '@/components/compare/panels';
import { PanelPlaceholder } from '@/components/compare/compare-skeleton';
import { TableSkeleton } from '@/components/ui/skeleton';
import { parseCompareSearch } from '@/lib/compare/compare-search';
import { loadComparedRuns } from '@/lib/compare/page/load-compared-runs';
import type { SearchParams } from '@/lib/domain/run-table-query';
import { orNotFound } from '@/lib/http/or-not-found';
import { requirePage } from '@/lib/auth/session';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Compare runs' };

export default async function ComparePage(props: { searchParams: Promise<SearchParams> }) {
  const principal = await requirePage();
  const search = parseCompareSearch(await props.searchParams);
  // A run named in the address that does not exist is a 404, not a silent picker.
  await orNotFound(loadComparedRuns(principal.project.id, search));
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
          <Suspense key={`break-${selection}-${search.breakMode}`} fallback={<PanelPlaceholder label="Loading where conversations break" height="h-48" />}>
            <BreakOverlayPanel search={search} />
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
