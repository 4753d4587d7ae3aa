/**
 * Role adherence = (assistant turns − out-of-character turns) ÷ assistant turns; 1 with no
 * assistant turn (deepeval role_adherence.py:240-252, before strict mode).
 */
export function roleAdherenceScore(assistantTurns: number, outOfCharacter: number): number {
  if (assistantTurns === 0) return 1;
  return (assistantTurns - Math.min(outOfCharacter, assistantTurns)) / assistantTurns;
}
