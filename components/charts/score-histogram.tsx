'use client';

import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import type { HistogramBin, PreparedHistogram } from '@/lib/charts/prepare-score-histogram';

function BinTooltip({ active, payload }: { active?: boolean; payload?: readonly { payload?: HistogramBin }[] }) {
  const bin = payload?.[0]?.payload;
  if (!active || !bin) return null;
  return (
    <div className="rounded-md border border-slate-200 bg-white px-2 py-1 text-xs shadow-sm">
      <p className="font-medium text-slate-700">Score {bin.label}</p>
      <p className="text-emerald-700">{bin.passed.toLocaleString('en-US')} passed</p>
      <p className="text-rose-700">{bin.failed.toLocaleString('en-US')} failed</p>
    </div>
  );
}

/** Draws a prepared score histogram: passing and failing results stacked per score range. */
export function ScoreHistogram({ histogram }: { histogram: PreparedHistogram }) {
  const { bins } = histogram;
  return (
    <figure data-testid={`histogram-${histogram.metric}`} className="min-w-0">
      <figcaption className="mb-1 flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-slate-700">{histogram.title}</span>
        <span className="text-xs text-slate-500">
          {histogram.scored.toLocaleString('en-US')} scored · threshold {histogram.thresholdLabel}
        </span>
      </figcaption>
      {bins ? (
        <div role="img" aria-label={histogram.description}>
          <BarChart responsive style={{ width: '100%', height: 150 }} data={bins} margin={{ top: 4, right: 4, bottom: 0, left: -8 }} barCategoryGap={1}>
            <CartesianGrid vertical={false} stroke="var(--color-slate-200)" />
            <XAxis dataKey="tick" tick={{ fontSize: 10, fill: 'var(--color-slate-500)' }} tickLine={false} interval={0} />
            <YAxis
              ticks={histogram.yTicks}
              domain={[0, histogram.yTicks[histogram.yTicks.length - 1] ?? 1]}
              tickFormatter={(v: number) => histogram.yTickLabels[histogram.yTicks.indexOf(v)] ?? ''}
              tick={{ fontSize: 10, fill: 'var(--color-slate-500)' }}
              tickLine={false}
              axisLine={false}
              width={40}
            />
            <Tooltip content={<BinTooltip />} cursor={{ fill: 'var(--color-slate-100)' }} isAnimationActive={false} />
            <Bar dataKey="passed" stackId="results" fill={histogram.passColour} isAnimationActive={false} name="passed" />
            <Bar dataKey="failed" stackId="results" fill={histogram.failColour} isAnimationActive={false} name="failed" />
          </BarChart>
        </div>
      ) : (
        <div className="flex h-[150px] items-center justify-center rounded-md border border-dashed border-slate-200 text-sm text-slate-500">
          {histogram.note}
        </div>
      )}
      {bins ? <p className="text-center text-[10px] text-slate-400">{histogram.axisLabel}</p> : null}
      {bins && histogram.note ? <p className="mt-1 text-xs text-amber-700">{histogram.note}</p> : null}
    </figure>
  );
}
