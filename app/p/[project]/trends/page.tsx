import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PanelPlaceholder } from '@/components/compare/compare-skeleton';
import { HomeTrends } from '@/components/compare/trend-panels';
import { requirePage } from '@/lib/auth/session';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Trends' };

export default async function TrendsPage() {
  await requirePage();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Trends</h1>
      <p className="text-sm text-slate-600">Each metric’s mean over the runs of the most recently run datasets. Open a dataset for its full chart.</p>
      <Suspense fallback={<PanelPlaceholder label="Loading the trends" />}>
        <HomeTrends />
      </Suspense>
    </div>
  );
}
