'use client';

import { buttonClass } from '@/components/ui/button';
import { useProjectHref } from '@/components/ui/project-link';

const EXPORTS = [
  { format: 'csv', level: 'results', label: 'Results CSV', title: 'One row per conversation and metric: score, pass, threshold, reason, error' },
  { format: 'csv', level: 'verdicts', label: 'Verdicts CSV', title: 'One row per turn verdict: conversation, turn, metric, verdict, score, reason' },
  { format: 'json', level: 'results', label: 'JSON', title: 'The run and every result with its per-turn verdicts' },
] as const;

/** Download links for a run's results (streamed by /api/runs/:id/export in the page's project); plain links. */
export function RunExportLinks({ runId }: { runId: string }) {
  const projectHref = useProjectHref();
  const base = `/api/runs/${encodeURIComponent(runId)}/export`;
  return (
    <div role="group" aria-label="Export results" className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-slate-600">Export</span>
      {EXPORTS.map((e) => (
        <a key={`${e.format}-${e.level}`} href={projectHref(`${base}?format=${e.format}&level=${e.level}`)} download className={buttonClass('secondary')} title={e.title}>
          {e.label}
        </a>
      ))}
    </div>
  );
}
