import Link from '@/components/ui/project-link';
import { metricLabel } from '@/lib/format/format';
import type { FormMetric, NewRunFormOptions } from './new-run-form-types';

/**
 * The new-run form scoring again the metrics of a run (an imported one: the same conversations
 * and metrics, a Turnwise judge), and which of its metrics cannot be scored here and why.
 */
export function ScoreAgainNote({ preset, metrics }: { preset: NonNullable<NewRunFormOptions['scoreAgain']>; metrics: FormMetric[] }) {
  const names = Object.keys(preset.metrics);
  const missing = metrics.filter((m) => names.includes(m.name) && m.conversations === 0);
  return (
    <section className="space-y-2 rounded-lg border border-indigo-200 bg-indigo-50 p-3 text-sm text-indigo-950" data-testid="score-again">
      <p>
        Scoring again the metrics of{' '}
        <Link href={`/runs/${preset.runId}`} className="font-medium text-indigo-700 hover:underline">
          {preset.origin ? `${preset.origin}'s run` : 'the run'}
        </Link>{' '}
        (judge {preset.judge}) with a Turnwise judge, with the thresholds{preset.origin ? ` ${preset.origin}` : ' it'} used. Once it has run,{' '}
        <Link href={`/compare?baseline=${encodeURIComponent(preset.runId)}`} className="font-medium text-indigo-700 hover:underline">
          compare the two
        </Link>{' '}
        conversation by conversation and turn by turn.
      </p>
      {names.length === 0 ? <p>That run has no metric Turnwise implements: pick metrics below.</p> : null}
      {missing.length > 0 ? (
        <p>
          {missing.map((m) => metricLabel(m.name)).join(', ')} {missing.length === 1 ? 'needs' : 'need'} data these conversations lack ({missing.map((m) => m.needs).join('; ')}
          ): set it on the dataset&apos;s page (Fields for scoring), then come back.
        </p>
      ) : null}
    </section>
  );
}
