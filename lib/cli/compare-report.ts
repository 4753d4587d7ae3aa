import type { RunComparisonReport, RunRef } from '../compare/compare-runs';
import { formatDate, formatPercent, metricLabel } from '../format/format';

/** Signed to `digits` decimals; a value that rounds to zero is ±0. */
const signed = (x: number | null, digits = 3) => {
  if (x === null) return '–';
  const rounded = Number(x.toFixed(digits));
  return `${rounded > 0 ? '+' : rounded < 0 ? '−' : '±'}${Math.abs(rounded).toFixed(digits)}`;
};
const plain = (x: number | null, digits = 3) => (x === null ? '–' : x.toFixed(digits));
const runLine = (role: string, run: RunRef) =>
  `${role.padEnd(10)} ${run.id}  ${run.datasetName} · ${run.modelVersion ?? 'no model version'} · ${formatDate(new Date(run.createdAt))} · ${run.status}`;

/** The comparison as a text table, one block per candidate. */
export function formatComparison(report: RunComparisonReport): string {
  const lines = [runLine('Baseline', report.baseline)];
  report.candidates.forEach((candidate, i) => {
    lines.push('', runLine('Candidate', candidate));
    lines.push(
      `${' '.repeat(11)}${candidate.matched} conversations matched, ${candidate.baselineOnly} only in the baseline, ${candidate.candidateOnly} only in this run`,
    );
    const rows = [['Metric', 'Baseline', 'Run', 'Difference [95% CI]', 'Pass rate', 'Pass→fail', 'Fail→pass', 'Pairs', '']];
    for (const m of report.metrics) {
      const c = m.candidates[i];
      const interval = c.ciLow === null ? '' : ` [${signed(c.ciLow)}, ${signed(c.ciHigh)}]`;
      const passRate =
        c.baselinePassRate === null
          ? '–'
          : `${formatPercent(c.baselinePassRate)} → ${formatPercent(c.candidatePassRate)} (${signed(c.passRateChange === null ? null : c.passRateChange * 100, 0)} pp)`;
      const verdict = { regressed: 'REGRESSED', improved: 'improved', unchanged: '', 'not-scored': 'not scored by both' }[c.verdict];
      rows.push([
        metricLabel(m.metric),
        plain(c.baselineMean),
        plain(c.candidateMean),
        `${signed(c.difference)}${interval}`,
        passRate,
        String(c.passToFail),
        String(c.failToPass),
        String(c.pairs),
        verdict,
      ]);
    }
    const widths = rows[0].map((_, col) => Math.max(...rows.map((r) => r[col].length)));
    for (const r of rows) lines.push(r.map((cell, col) => cell.padEnd(widths[col])).join('  ').trimEnd());
  });
  const { resamples, level } = report.method;
  lines.push(
    '',
    `Means over conversations scored in both runs; ${Math.round(level * 100)}% percentile intervals from ${resamples.toLocaleString('en-US')} paired bootstrap resamples (seeded).`,
  );
  for (const m of report.mixedVersions ?? []) lines.push(`Versions differ: ${m.note}`);
  if (report.regressions.length) {
    lines.push(
      `Regressed (whole interval below 0): ${report.regressions.map((r) => `${metricLabel(r.metric)} in run ${r.runId} (${signed(r.difference)})`).join('; ')}`,
    );
  }
  return lines.join('\n');
}
