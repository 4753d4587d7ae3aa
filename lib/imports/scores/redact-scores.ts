import type { ScoredConversation } from '../../datasets/imported-scores';
import type { RedactionCounts } from '../../pii/kinds';
import type { Redactor } from '../../pii/redactor';

/**
 * The texts the scores of an upload carry (a reason or comment may quote the user; an error, the
 * reply), redacted in place as their conversations are, before anything is held or stored; what
 * was taken is added to `counts`.
 */
export function redactScores(scored: ScoredConversation[], r: Redactor, counts: RedactionCounts): ScoredConversation[] {
  for (const { scores } of scored) {
    for (const s of scores) {
      if (s.reason !== undefined) s.reason = r.text(s.reason, counts);
      if (s.error !== undefined) s.error = r.text(s.error, counts);
    }
  }
  return scored;
}
