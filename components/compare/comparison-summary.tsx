import { Badge } from '@/components/ui/badge';
import { Table, Td } from '@/components/ui/table';
import type { MetricVerdict } from '@/lib/compare/compare-metric';
import type { LoadedComparison } from '@/lib/compare/load-comparison';
import { formatPercent, formatScore, metricLabel } from '@/lib/format/format';
import { Delta, runName } from './delta';

const verdictBadge: Record<MetricVerdict, { tone: 'red' | 'green' | 'slate'; text: string }> = {
  regressed: { tone: 'red', text: 'regressed' },
  improved: { tone: 'green', text: 'improved' },
  unchanged: { tone: 'slate', text: 'within noise' },
  'not-scored': { tone: 'slate', text: 'not scored by both' },
};

/** A bound to 3 decimals with a real minus sign; one that rounds to zero has none. */
const bound = (x: number) => {
  const rounded = Number(x.toFixed(3));
  return `${rounded < 0 ? '−' : ''}${Math.abs(rounded).toFixed(3)}`;
};
const interval = (low: number | null, high: number | null) => (low === null || high === null ? '' : `[${bound(low)}, ${bound(high)}]`);

/** Per metric: baseline and candidate means, the difference with its 95% interval, pass-rate change, flips. */
export function ComparisonSummary({ loaded }: { loaded: LoadedComparison }) {
  const { comparison, runs, method } = loaded;
  const candidates = runs.slice(1);
  // "v1 → v2" beside a custom metric whose version differs from the baseline's, per candidate.
  const mixed = new Map(
    loaded.mixedVersions.map((m) => [m.metric, m.candidates.map((c) => (c.version !== null && c.version !== m.baseline ? `v${m.baseline} → v${c.version}` : null))]),
  );
  return (
    <section aria-labelledby="summary-heading" className="space-y-2">
      <h2 id="summary-heading" className="text-lg font-semibold">
        Summary by metric
      </h2>
      <Table head={['Metric', ...(candidates.length > 1 ? ['Run'] : []), 'Baseline', 'Candidate', 'Difference (95% CI)', 'Pass rate', 'Pass → fail', 'Fail → pass', 'Pairs', '']}>
        {comparison.metrics.flatMap((m) =>
          m.candidates.map((c, i) => {
            const badge = verdictBadge[c.verdict];
            return (
              <tr key={`${m.metric}-${c.runId}`} data-metric={m.metric} data-verdict={c.verdict} className={c.verdict === 'regressed' ? 'bg-rose-50/60' : ''}>
                <Td className="font-medium whitespace-nowrap">
                  {i === 0 ? metricLabel(m.metric) : ''}
                  {mixed.get(m.metric)?.[i] ? <span className="ml-1 text-xs font-normal text-amber-700">{mixed.get(m.metric)![i]}</span> : null}
                </Td>
                {candidates.length > 1 ? <Td className="whitespace-nowrap">{runName(candidates[i])}</Td> : null}
                <Td className="tabular-nums">{formatScore(c.baselineMean)}</Td>
                <Td className="tabular-nums">{formatScore(c.candidateMean)}</Td>
                <Td className="whitespace-nowrap">
                  <Delta value={c.difference} digits={3} /> <span className="text-xs text-slate-500 tabular-nums">{interval(c.ciLow, c.ciHigh)}</span>
                </Td>
                <Td className="whitespace-nowrap tabular-nums">
                  {formatPercent(c.baselinePassRate)} → {formatPercent(c.candidatePassRate)}{' '}
                  <span className="text-xs">
                    (<Delta value={c.passRateChange === null ? null : c.passRateChange * 100} digits={0} unit=" pp" />)
                  </span>
                </Td>
                <Td className={`tabular-nums ${c.passToFail ? 'font-medium text-rose-700' : 'text-slate-500'}`}>{c.passToFail.toLocaleString('en-US')}</Td>
                <Td className={`tabular-nums ${c.failToPass ? 'font-medium text-emerald-700' : 'text-slate-500'}`}>{c.failToPass.toLocaleString('en-US')}</Td>
                <Td className="tabular-nums text-slate-600">{c.pairs.toLocaleString('en-US')}</Td>
                <Td>
                  <Badge tone={badge.tone}>{badge.text}</Badge>
                </Td>
              </tr>
            );
          }),
        )}
      </Table>
      {loaded.mixedVersions.map((m) => (
        <p key={m.metric} role="note" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {m.note}
        </p>
      ))}
      <p className="text-xs text-slate-500">
        Means over the conversations matched by key and scored in both runs. Difference = candidate − baseline, with a{' '}
        {Math.round(method.level * 100)}% percentile interval from {method.resamples.toLocaleString('en-US')} paired bootstrap resamples; “regressed”
        means the whole interval is below 0.
      </p>
    </section>
  );
}
