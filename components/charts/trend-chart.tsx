'use client';

import { inCurrentProject } from '@/components/ui/project-link';
import { useRouter } from 'next/navigation';
import type { MouseEvent } from 'react';
import { Area, CartesianGrid, ComposedChart, Line, Tooltip, XAxis, YAxis } from 'recharts';
import type { PreparedTrend, TrendPoint } from '@/lib/charts/prepare-trend';

function PointTooltip({ active, payload }: { active?: boolean; payload?: readonly { payload?: TrendPoint }[] }) {
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  return (
    <div className="rounded-md border border-slate-200 bg-white px-2 py-1 text-xs shadow-sm">
      <p className="font-medium text-slate-700">{point.title}</p>
      <p className="text-slate-500">
        {point.dataset} · judge {point.judge}
      </p>
      <p className="tabular-nums">Mean {point.valueLabel}</p>
      {point.threshold !== null ? <p className="text-amber-700 tabular-nums">Threshold {point.threshold.toFixed(2)}</p> : null}
      <p className="text-indigo-700">Click to open the run</p>
    </div>
  );
}

/** Draws a prepared trend: the band, the threshold step line, and the means as links to their runs. */
export function TrendChart({ trend, height = 220 }: { trend: PreparedTrend; height?: number }) {
  const router = useRouter();
  const open = (href: string) => (e: MouseEvent) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    router.push(inCurrentProject(href));
  };
  return (
    <figure data-testid={`trend-${trend.metric}`} className="min-w-0">
      <figcaption className="mb-1 text-sm font-medium text-slate-700">{trend.title}</figcaption>
      {trend.points.length ? (
        <div role="group" aria-label={trend.description}>
          <ComposedChart responsive style={{ width: '100%', height }} data={trend.points} margin={{ top: 8, right: 12, bottom: 0, left: -12 }}>
            <CartesianGrid vertical={false} stroke="var(--color-slate-200)" />
            <XAxis
              dataKey="x"
              type="number"
              domain={[-0.5, trend.points.length - 0.5]}
              ticks={trend.points.map((p) => p.x)}
              tickFormatter={(x: number) => trend.points[x]?.tick ?? ''}
              tick={{ fontSize: 10, fill: 'var(--color-slate-500)' }}
              tickLine={false}
              interval="preserveStartEnd"
            />
            <YAxis domain={trend.yDomain} tick={{ fontSize: 10, fill: 'var(--color-slate-500)' }} tickLine={false} axisLine={false} width={44} />
            <Tooltip content={<PointTooltip />} isAnimationActive={false} />
            {/* A line (and band) per judge: it passes by the other judges' runs and stops at its own gaps. */}
            {trend.series.map((series) => (
              <Area
                key={`band-${series.key}`}
                dataKey={(p: TrendPoint) => p.bands[series.key]}
                stroke="none"
                fill={trend.series.length > 1 ? series.colour : trend.bandColour}
                fillOpacity={trend.series.length > 1 ? 0.15 : 0.6}
                isAnimationActive={false}
                connectNulls
                activeDot={false}
                name={`95% interval (${series.judge})`}
              />
            ))}
            <Line dataKey="threshold" type="stepAfter" stroke={trend.thresholdColour} strokeDasharray="5 4" dot={false} activeDot={false} isAnimationActive={false} name="threshold" />
            {trend.series.map((series) => (
              <Line
                key={`line-${series.key}`}
                dataKey={(p: TrendPoint) => p.lines[series.key]}
                stroke={series.colour}
                strokeWidth={2}
                connectNulls
                dot={false}
                activeDot={false}
                isAnimationActive={false}
                name={series.judge}
              />
            ))}
            <Line
              dataKey="mean"
              stroke="none"
              strokeWidth={2}
              connectNulls={false}
              isAnimationActive={false}
              activeDot={false}
              name="mean"
              dot={(props) => {
                const point = props.payload as TrendPoint;
                if (props.cx === undefined || props.cy === undefined || point.mean === null) return <g key={props.index} />;
                return (
                  <a key={props.index} href={point.href} onClick={open(point.href)} aria-label={`${trend.title}: ${point.title}, mean ${point.valueLabel}`}>
                    <circle cx={props.cx} cy={props.cy} r={9} fill="transparent" className="cursor-pointer" />
                    <circle cx={props.cx} cy={props.cy} r={4} fill={point.dotColour} stroke="#fff" strokeWidth={1.5} className="cursor-pointer" />
                  </a>
                );
              }}
            />
          </ComposedChart>
        </div>
      ) : (
        <div className="flex h-[120px] items-center justify-center rounded-md border border-dashed border-slate-200 text-sm text-slate-500">{trend.note}</div>
      )}
      {trend.judges.length > 1 ? (
        <ul className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-600" aria-label="Judges" data-testid={`trend-judges-${trend.metric}`}>
          {trend.judges.map((j) => (
            <li key={j.judge} className="flex items-center gap-1">
              <span className="inline-block h-0.5 w-4" style={{ backgroundColor: j.colour }} aria-hidden />
              {j.judge}
            </li>
          ))}
        </ul>
      ) : null}
      {trend.points.length && trend.note ? <p className="mt-1 text-xs text-amber-700">{trend.note}</p> : null}
    </figure>
  );
}
