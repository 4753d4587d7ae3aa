import { pageProjectId } from '@/lib/auth/session';
import Link from '@/components/ui/project-link';
import { compareHref, type CompareSearch } from '@/lib/compare/compare-search';
import { loadPickerPanel } from '@/lib/compare/page/load-picker-panel';
import { loadSideBySidePanel } from '@/lib/compare/page/load-side-by-side-panel';
import { loadSummaryPanel } from '@/lib/compare/page/load-summary-panel';
import { loadTablePanel } from '@/lib/compare/page/load-table-panel';
import { isAppError } from '@/lib/errors';
import { CompareHeader } from './compare-header';
import { AgreementComparison } from './agreement-comparison';
import { ComparisonSummary } from './comparison-summary';
import { ComparisonTable } from './comparison-table';
import { RunPicker } from './run-picker';
import { SideBySide } from './side-by-side';

/** A lib error a person can act on (unknown run, missing choice) as a message; anything else throws. */
async function orMessage<T>(work: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; message: string }> {
  try {
    return { ok: true, value: await work };
  } catch (e) {
    if (isAppError(e) && (e.code === 'NOT_FOUND' || e.code === 'BAD_INPUT')) return { ok: false, message: e.message };
    throw e;
  }
}

function Problem({ message, search }: { message: string; search: CompareSearch }) {
  return (
    <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {message}.{' '}
      <Link href={compareHref('/compare', { baseline: search.baseline, candidates: search.candidates, pick: true })} className="font-medium underline">
        Pick the runs again
      </Link>
    </div>
  );
}

export async function PickerPanel({ search, message }: { search: CompareSearch; message?: string }) {
  const view = await loadPickerPanel(await pageProjectId(), search);
  return <RunPicker view={view} search={search} message={message} />;
}

export async function SummaryPanel({ search }: { search: CompareSearch }) {
  const loaded = await orMessage(loadSummaryPanel(await pageProjectId(), search));
  if (!loaded.ok) return <Problem message={loaded.message} search={search} />;
  const { runs, comparison } = loaded.value;
  return (
    <div className="space-y-6">
      <CompareHeader
        runs={runs}
        matches={comparison.matches}
        changeHref={compareHref('/compare', { baseline: search.baseline, candidates: search.candidates, pick: true })}
      />
      <ComparisonSummary loaded={loaded.value} />
      <AgreementComparison runs={runs} />
    </div>
  );
}

export async function TablePanel({ search }: { search: CompareSearch }) {
  const view = await orMessage(loadTablePanel(await pageProjectId(), search));
  if (!view.ok) return null;
  return <ComparisonTable view={view.value.table} search={search} runs={view.value.runs} />;
}

export async function SideBySidePanel({ search }: { search: CompareSearch }) {
  const view = await orMessage(loadSideBySidePanel(await pageProjectId(), search));
  if (!view.ok) return <Problem message={view.message} search={search} />;
  return <SideBySide view={view.value} search={search} />;
}
