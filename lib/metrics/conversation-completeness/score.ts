import { fraction } from '../shared/threshold';

/**
 * Completeness = intentions satisfied (verdict not "no") ÷ intentions judged; 1 with none
 * (deepeval conversation_completeness.py:297-313, before strict mode).
 */
export const conversationCompletenessScore = (verdicts: ('yes' | 'no')[]): number =>
  fraction(verdicts.filter((v) => v !== 'no').length, verdicts.length, 1);
