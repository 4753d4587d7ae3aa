'use client';

import { Line, LineChart, YAxis } from 'recharts';
import type { PreparedSparkline } from '@/lib/charts/prepare-trend-sparkline';

const toneClass = { up: 'text-emerald-700', down: 'text-rose-700', flat: 'text-slate-500', none: 'text-slate-400' } as const;

/** A metric's trend at a glance: a small line of the run means with the latest value and change. */
export function TrendSparkline({ sparkline }: { sparkline: PreparedSparkline }) {
  return (
    <figure data-testid={`sparkline-${sparkline.metric}`} className="min-w-0" aria-label={sparkline.description}>
      <figcaption className="flex items-baseline justify-between gap-2 text-xs">
        <span className="truncate text-slate-600">{sparkline.title}</span>
        <span className="tabular-nums">
          <span className="font-semibold text-slate-800">{sparkline.latestLabel}</span>{' '}
          <span className={toneClass[sparkline.changeTone]}>{sparkline.changeLabel}</span>
        </span>
      </figcaption>
      <div aria-hidden>
        <LineChart responsive accessibilityLayer={false} style={{ width: '100%', height: 44 }} data={sparkline.points} margin={{ top: 4, right: 2, bottom: 2, left: 2 }}>
          <YAxis hide domain={sparkline.yDomain} />
          <Line dataKey="mean" stroke={sparkline.colour} strokeWidth={1.5} dot={false} connectNulls={false} isAnimationActive={false} />
        </LineChart>
      </div>
    </figure>
  );
}
