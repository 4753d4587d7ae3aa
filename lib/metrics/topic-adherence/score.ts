export type TopicVerdict = 'TP' | 'TN' | 'FP' | 'FN';

/**
 * Topic adherence = (true positives + true negatives) ÷ every question–answer pair judged; 0 with
 * none (deepeval topic_adherence.py:294-301, before strict mode).
 */
export function topicAdherenceScore(verdicts: readonly TopicVerdict[]): number {
  if (verdicts.length === 0) return 0;
  return verdicts.filter((v) => v === 'TP' || v === 'TN').length / verdicts.length;
}

/** TP and TN keep to the topics; FP (answered off topic) and FN (refused on topic) cost points. */
export const costsPoints = (verdict: TopicVerdict): boolean => verdict === 'FP' || verdict === 'FN';
