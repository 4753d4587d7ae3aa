'use client';

import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import type { PreparedFirstFailure } from '@/lib/charts/prepare-first-failure-histogram';

type Datum = { label: string; description: string } & Record<`s${number}`, number>;

function BarTooltip({ active, payload, names }: { active?: boolean; payload?: readonly { payload?: Datum }[]; names: string[] }) {
  const bar = payload?.[0]?.payload;
  if (!active || !bar) return null;
  return (
    <div className="rounded-md border border-slate-200 bg-white px-2 py-1 text-xs shadow-sm">
      <p className="font-medium text-slate-700">{bar.label}</p>
      {names.map((name, i) => (
        <p key={name} className="text-slate-600">
          {names.length > 1 ? `${name}: ` : ''}
          {(bar[`s${i}`] ?? 0).toLocaleString('en-US')} conversations
        </p>
      ))}
    </div>
  );
}

/** Draws a prepared first-failure histogram: one bar per series at each turn (or share of the conversation). */
export function FirstFailureHistogram({ histogram }: { histogram: PreparedFirstFailure }) {
  const data: Datum[] = (histogram.bars ?? []).map((b) => ({
    label: b.label,
    description: b.description,
    ...Object.fromEntries(b.counts.map((c, i) => [`s${i}`, c])),
  }));
  const names = histogram.series.map((s) => s.name);
  return (
    <figure data-testid={`first-failure-${histogram.metric}`} className="min-w-0">
      <figcaption className="mb-1 text-sm font-medium text-slate-700">{histogram.title}</figcaption>
      {histogram.bars ? (
        <>
          <div role="img" aria-label={`${histogram.axisLabel}. ${histogram.summary.join(' ')}`}>
            <BarChart responsive style={{ width: '100%', height: 170 }} data={data} margin={{ top: 4, right: 4, bottom: 0, left: -8 }} barCategoryGap={2}>
              <CartesianGrid vertical={false} stroke="var(--color-slate-200)" />
              <XAxis dataKey="label" tick={{ fontSize: 10, fill: 'var(--color-slate-500)' }} tickLine={false} interval="preserveStartEnd" />
              <YAxis
                ticks={histogram.yTicks}
                domain={[0, histogram.yTicks.at(-1) ?? 1]}
                allowDecimals={false}
                tick={{ fontSize: 10, fill: 'var(--color-slate-500)' }}
                tickLine={false}
                axisLine={false}
                width={40}
              />
              <Tooltip content={<BarTooltip names={names} />} cursor={{ fill: 'var(--color-slate-100)' }} isAnimationActive={false} />
              {histogram.series.map((s, i) => (
                <Bar key={s.name} dataKey={`s${i}`} name={s.name} fill={s.colour} isAnimationActive={false} />
              ))}
            </BarChart>
          </div>
          <p className="text-center text-[10px] text-slate-500">{histogram.axisLabel}</p>
          <ul className="sr-only">
            {histogram.bars.map((b) => (
              <li key={b.key}>{b.description}</li>
            ))}
          </ul>
        </>
      ) : null}
      <ul className="mt-1 space-y-0.5 text-xs text-slate-600" data-testid={`first-failure-summary-${histogram.metric}`}>
        {histogram.summary.map((line, i) => (
          <li key={i} className="flex items-start gap-1.5">
            {histogram.series.length > 1 ? <span aria-hidden className="mt-0.5 inline-block h-2.5 w-2.5 shrink-0 rounded-sm" style={{ backgroundColor: histogram.series[i].colour }} /> : null}
            <span>{line}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
