import { loadRunTurnStats } from '@/lib/runs/page/load-run-turn-stats';
import { CELL_STYLES } from '@/lib/charts/verdict-palette';

/**
 * One line of the run summary: how many judged turns the judge could not decide ("idk"). The
 * offline judge answers "idk" when its rules find neither support nor contradiction; those
 * turns are no finding either way, so the line is neutral, not a warning.
 */
export async function RunUndecidedTurns({ run }: { run: { id: string; judgeKind: string } }) {
  const { undecided, judged } = (await loadRunTurnStats(run.id)).undecided;
  const offline = run.judgeKind === 'offline';
  if (judged === 0 || (undecided === 0 && !offline)) return null;
  const who = offline ? 'The offline judge' : 'The judge';
  return (
    <p className="flex items-center gap-2 text-sm text-slate-700" data-testid="undecided-turns">
      <span aria-hidden className="inline-block h-3 w-3 rounded-sm border" style={{ backgroundColor: CELL_STYLES.idk.colour, borderColor: CELL_STYLES.idk.border }} />
      <span>
        {who} could not decide {undecided} of {judged} judged {judged === 1 ? 'turn' : 'turns'} (&ldquo;idk&rdquo;, shown in grey): no finding either way
        {offline && undecided > 0 ? '; an LLM judge can decide them' : ''}.
      </span>
    </p>
  );
}
