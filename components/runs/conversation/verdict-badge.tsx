import { CELL_STYLES, isVerdict } from '@/lib/charts/verdict-palette';

const words: Record<string, string> = { yes: 'yes', no: 'no', idk: 'idk', error: 'error' };

/** A small yes / no / idk badge in the verdict colours. `invert` reads "yes" as bad (attrition). */
export function VerdictBadge({ verdict, invert = false }: { verdict: string; invert?: boolean }) {
  const flips = invert && (verdict === 'yes' || verdict === 'no');
  const state = isVerdict(verdict) ? (flips ? (verdict === 'yes' ? 'no' : 'yes') : verdict) : 'unjudged';
  const style = CELL_STYLES[state];
  return (
    <span className="inline-block min-w-8 rounded px-1.5 py-0.5 text-center text-[11px] font-semibold" style={{ backgroundColor: style.colour, color: style.ink }}>
      {words[verdict] ?? verdict}
    </span>
  );
}

export function TurnLink({ turn }: { turn: number }) {
  return (
    <a href={`?turn=${turn}#turn-${turn}`} className="text-indigo-700 hover:underline">
      turn {turn + 1}
    </a>
  );
}
