import type { ScoredConversation } from '../../datasets/imported-scores';
import type { Problem } from '../../datasets';

/** Scores one import holds until its conversations are stored (a few hundred bytes each, reasons cut to 4,000 characters). */
export const MAX_HELD_SCORES = 1_000_000;
/** Characters of reasons and errors one import holds. */
export const MAX_HELD_SCORE_TEXT = 128 * 1024 * 1024;

/**
 * The scores a file gave its conversations, held while the conversations are stored (the run
 * needs their ids), to a bound: past it the import is refused with a problem that says so.
 */
export class HeldScores {
  readonly list: ScoredConversation[] = [];
  private count = 0;
  private chars = 0;
  problem: Problem | null = null;

  add(batch: ScoredConversation[], line: number): void {
    if (this.problem) return;
    for (const scored of batch) {
      this.count += scored.scores.length;
      for (const s of scored.scores) this.chars += (s.reason?.length ?? 0) + (s.error?.length ?? 0);
      if (this.count > MAX_HELD_SCORES || this.chars > MAX_HELD_SCORE_TEXT) {
        this.problem = {
          severity: 'error',
          line,
          field: '',
          message: `more scores than one import keeps (at most ${MAX_HELD_SCORES.toLocaleString('en-US')}, and ${Math.round(MAX_HELD_SCORE_TEXT / 1024 / 1024)} MB of reasons): split the file`,
        };
        this.list.length = 0;
        return;
      }
      this.list.push(scored);
    }
  }

  get scores(): number {
    return this.count;
  }
}
