import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PanelPlaceholder } from '@/components/compare/compare-skeleton';
import { DatasetTrend } from '@/components/compare/trend-panels';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Trends' };

export default async function TrendPage(props: { params: Promise<{ datasetId: string }> }) {
  const { datasetId } = await props.params;
  return (
    <Suspense fallback={<PanelPlaceholder label="Loading the trends" height="h-72" />}>
      <DatasetTrend datasetId={datasetId} />
    </Suspense>
  );
}
