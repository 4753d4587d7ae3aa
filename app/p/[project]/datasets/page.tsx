import Link from '@/components/ui/project-link';
import { Suspense } from 'react';
import { DatasetsPanel } from '@/components/datasets/datasets-panel';
import { buttonClass } from '@/components/ui/button';
import { TableSkeleton } from '@/components/ui/skeleton';
import { hasRole } from '@/lib/identity/roles';
import { requirePage } from '@/lib/auth/session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Datasets' };

export default async function DatasetsPage() {
  const principal = await requirePage();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Datasets</h1>
        <div className="flex flex-wrap gap-2">
          <Link href="/online" className={buttonClass('secondary')}>
            Online evaluation
          </Link>
          {hasRole(principal.role, 'editor') ? (
            <Link href="/datasets/new" className={buttonClass('primary')}>
              New dataset
            </Link>
          ) : null}
        </div>
      </div>
      <Suspense fallback={<TableSkeleton rows={4} label="Loading datasets" />}>
        <DatasetsPanel />
      </Suspense>
    </div>
  );
}
