import { fraction } from '../shared/threshold';

/** Relevancy = verdicts that are not "no" / verdicts; 1 with none. */
export const conversationRelevancyScore = (verdicts: ('yes' | 'no')[]): number =>
  fraction(verdicts.filter((v) => v !== 'no').length, verdicts.length, 1);
