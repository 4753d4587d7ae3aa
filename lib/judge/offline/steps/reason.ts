import type { StepInput, StepOutput } from '../../steps';
import { OFFLINE_PREFIX, offlineReason } from './reason-prefix';

const MAX_REASONS = 3;

function clean(reason: string): string {
  const r = reason.startsWith(OFFLINE_PREFIX) ? reason.slice(OFFLINE_PREFIX.length) : reason;
  return r.trim().replace(/[.\s]+$/, '');
}

/** One readable sentence from the score, the threshold and the verdict reasons. */
export function explainScore(input: StepInput<'reason'>): StepOutput<'reason'> {
  const metric = input.metric.replace(/_/g, ' ');
  const pass = input.score >= input.threshold;
  const head = `The ${metric} score is ${input.score.toFixed(2)}, ${pass ? 'at or above' : 'below'} the ${input.threshold.toFixed(2)} threshold`;
  const reasons = [...new Set(input.reasons.map(clean).filter(Boolean))];
  if (reasons.length === 0) return { reason: offlineReason(`${head}.`) };
  const shown = reasons.slice(0, MAX_REASONS).join('; ');
  const more = reasons.length > MAX_REASONS ? `; and ${reasons.length - MAX_REASONS} more` : '';
  return { reason: offlineReason(`${head}: ${shown}${more}.`) };
}
