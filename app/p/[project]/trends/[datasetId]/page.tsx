import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PanelPlaceholder } from '@/components/compare/compare-skeleton';
import { DatasetTrend } from '@/components/compare/trend-panels';
import { loadTrendPage } from '@/lib/compare/page/load-trend-page';
import { orNotFound } from '@/lib/http/or-not-found';
import { requirePage } from '@/lib/auth/session';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Trends' };

export default async function TrendPage(props: { params: Promise<{ datasetId: string }> }) {
  const principal = await requirePage();
  const { datasetId } = await props.params;
  // Before the boundary: an unknown dataset answers 404, not a streamed 200.
  await orNotFound(loadTrendPage(principal.project.id, datasetId));
  return (
    <Suspense fallback={<PanelPlaceholder label="Loading the trends" height="h-72" />}>
      <DatasetTrend datasetId={datasetId} />
    </Suspense>
  );
}
