import { AppError } from '../../errors';
import type { MetricContext } from './context';

export const errorText = (error: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}` : `Error: ${String(error)}`;

/** How a user reads a 0-based turn index: the page counts turns from 1. */
export const turnLabel = (turn: number): string => `Turn ${turn + 1}`;

/**
 * Records a unit (window, turn) the judge failed on: an 'error' verdict on its turn with the
 * error text as reason, and a warning. The unit is left out of the score.
 */
export function recordUnitError(ctx: MetricContext, turn: number, unit: string, error: unknown): void {
  const text = typeof error === 'string' ? error : errorText(error);
  ctx.verdicts.push({ turn, verdict: 'error', reason: text });
  ctx.warnings.push(`${turnLabel(turn)}: ${unit} was not judged (${text}); it is left out of the score.`);
}

/**
 * Bad input (a template that returns nonsense), a missing judge configuration and a cancelled
 * run fail the metric, not a unit: no other unit could do better.
 */
export const failsTheMetric = (error: unknown): boolean =>
  (error instanceof AppError && (error.code === 'BAD_INPUT' || error.code === 'CONFIG')) ||
  (error instanceof Error && /Abort/.test(error.name));

/**
 * Runs one unit's judge work. A judge failure marks the unit as errored and resolves to null,
 * so the other units keep their verdicts; bad input still fails the whole metric.
 */
export async function judgeUnit<T>(ctx: MetricContext, turn: number, unit: string, work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    if (failsTheMetric(error)) throw error;
    recordUnitError(ctx, turn, unit, error);
    return null;
  }
}

/** deepeval refuses a conversation without turns; scoring it would pass it by an empty-case rule. */
export function requireTurns(conversation: { turns: unknown[] }): void {
  if (conversation.turns.length === 0) throw new AppError('BAD_INPUT', 'The conversation has no turns, so there is nothing to score.');
}

/**
 * A conversation-level field the metric cannot do without (deepeval raises on a test case
 * missing it); a run leaves such conversations out before, as not applicable.
 */
export function requireField(value: string | undefined, field: string): string {
  if (value === undefined || value.trim() === '') throw new AppError('BAD_INPUT', `The conversation has no ${field}, so this metric does not apply to it.`, { field });
  return value;
}
