/**
 * Knowledge retention = verdicts without attrition / verdicts; 1 when nothing was judged
 * (no prior knowledge means nothing could be forgotten).
 */
export function knowledgeRetentionScore(attritions: ('yes' | 'no')[]): number {
  if (attritions.length === 0) return 1;
  return attritions.filter((a) => a === 'no').length / attritions.length;
}
