import Link from '@/components/ui/project-link';
import { Suspense } from 'react';
import { DatasetPicker } from '@/components/runs/dataset-picker';
import { NewScheduleForm } from '@/components/schedules/new-schedule-form';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { TableSkeleton } from '@/components/ui/skeleton';
import { requirePage } from '@/lib/auth/session';
import { orNotFound } from '@/lib/http/or-not-found';
import { loadNewReplayOptions } from '@/lib/replay/page/load-new-replay-options';
import { loadNewRunPage } from '@/lib/runs/page/load-new-run-page';
import { serverZone } from '@/lib/schedules/cron';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'New schedule' };

const KINDS = [
  { kind: 'replay', title: 'Replay and score', text: 'Regenerate a dataset’s assistant turns with a model or your app at each time, then score the new version.' },
  { kind: 'run', title: 'Score again', text: 'Score a dataset with a judge at each time: a live dataset’s conversations as they are then, or the same set against a changed judge.' },
] as const;

function KindChoice({ dataset }: { dataset?: string }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {KINDS.map((k) => (
        <Link
          key={k.kind}
          href={`/schedules/new?kind=${k.kind}${dataset ? `&dataset=${encodeURIComponent(dataset)}` : ''}`}
          className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-indigo-300 hover:bg-indigo-50/40"
        >
          <span className="font-semibold text-indigo-700">{k.title}</span>
          <span className="mt-1 block text-sm text-slate-600">{k.text}</span>
        </Link>
      ))}
    </div>
  );
}

export default async function NewSchedulePage(props: { searchParams: Promise<{ kind?: string; dataset?: string; q?: string }> }) {
  const principal = await requirePage('editor');
  const { kind, dataset, q } = await props.searchParams;
  const known = kind === 'run' || kind === 'replay' ? kind : null;
  if (!known || !dataset) {
    return (
      <div className="space-y-6">
        <Breadcrumbs items={[{ label: 'Schedules', href: '/schedules' }, { label: 'New schedule' }]} />
        <div>
          <h1 className="text-2xl font-semibold">New schedule</h1>
          <p className="mt-1 text-sm text-slate-600">{known ? 'Which dataset?' : 'What should it start at each time?'}</p>
        </div>
        {known ? (
          <Suspense fallback={<TableSkeleton rows={4} label="Loading datasets" />}>
            <DatasetPicker query={q ?? ''} link={{ base: `/schedules/new?kind=${known}&dataset=`, label: known === 'run' ? 'Schedule its scoring' : 'Schedule its replay' }} />
          </Suspense>
        ) : (
          <KindChoice dataset={dataset} />
        )}
      </div>
    );
  }
  const zone = serverZone();
  if (known === 'run') {
    const options = await orNotFound(loadNewRunPage(principal.project.id, dataset));
    return (
      <FormPage title="Schedule scoring" dataset={options.dataset}>
        <NewScheduleForm kind="run" options={options} zone={zone} initialName={`Score ${options.dataset.name}`} />
      </FormPage>
    );
  }
  const options = await orNotFound(loadNewReplayOptions(principal.project.id, dataset, null, process.env));
  return (
    <FormPage title="Schedule a replay" dataset={options.dataset}>
      <NewScheduleForm kind="replay" options={options} zone={zone} initialName={`Replay ${options.dataset.name}`} />
    </FormPage>
  );
}

function FormPage({ title, dataset, children }: { title: string; dataset: { id: string; name: string }; children: React.ReactNode }) {
  return (
    <div className="space-y-6">
      <Breadcrumbs items={[{ label: 'Schedules', href: '/schedules' }, { label: 'New schedule' }]} />
      <div>
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p className="mt-1 text-sm text-slate-600">
          Of{' '}
          <Link href={`/datasets/${dataset.id}`} className="text-indigo-700 hover:underline">
            {dataset.name}
          </Link>
          . What you choose below is checked now as a start would be, then started by the worker at each time; each start is compared with the one before it.
        </p>
      </div>
      {children}
    </div>
  );
}
