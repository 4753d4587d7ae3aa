import Link from '@/components/ui/project-link';
import { Suspense } from 'react';
import { DatasetPicker } from '@/components/runs/dataset-picker';
import { NewRunForm } from '@/components/runs/new-run-form';
import { TableSkeleton } from '@/components/ui/skeleton';
import { orNotFound } from '@/lib/http/or-not-found';
import { loadNewRunPage } from '@/lib/runs/page/load-new-run-page';
import { requirePage } from '@/lib/auth/session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'New run' };

export default async function NewRunPage(props: { searchParams: Promise<{ dataset?: string; q?: string; from?: string }> }) {
  const principal = await requirePage('editor');
  const { dataset, q, from } = await props.searchParams;
  if (!dataset) {
    return (
      <div className="space-y-4">
        <div>
          <h1 className="text-2xl font-semibold">New run</h1>
          <p className="mt-1 text-sm text-slate-600">A run scores one dataset. Choose it:</p>
        </div>
        <Suspense fallback={<TableSkeleton rows={4} label="Loading datasets" />}>
          <DatasetPicker query={q ?? ''} />
        </Suspense>
      </div>
    );
  }
  const options = await orNotFound(loadNewRunPage(principal.project.id, dataset, from));
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">New run</h1>
        <p className="mt-1 text-sm text-slate-600">
          On <Link href={`/datasets/${options.dataset.id}`} className="text-indigo-700 hover:underline">{options.dataset.name}</Link> ·{' '}
          {options.dataset.conversationCount} conversations. The run executes in the background; you can leave its page and come back.
        </p>
      </div>
      <NewRunForm options={options} />
    </div>
  );
}
