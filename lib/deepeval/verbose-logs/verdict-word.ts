import { isPlainObject } from '../../datasets/fields';

/**
 * A verdict string as deepeval reads it in its scores: by its leading word, case and spaces
 * aside ("No, this is off-topic." → no). Anything else is neither.
 */
export function verdictWord(value: unknown): 'yes' | 'no' | 'idk' | null {
  if (typeof value !== 'string') return null;
  const word = /^\s*([a-z]+)/i.exec(value.slice(0, 40))?.[1]?.toLowerCase();
  return word === 'yes' || word === 'no' || word === 'idk' ? word : null;
}

/** A `{ verdict, reason }` item of a log's list; null when it is not one. */
export function verdictItem(value: unknown): { verdict: unknown; reason: string } | null {
  if (!isPlainObject(value) || !('verdict' in value)) return null;
  return { verdict: value.verdict, reason: typeof value.reason === 'string' ? value.reason : '' };
}

/** A `{ score, reason }` item (goal accuracy, tool use); null when it is not one. */
export function scoreItem(value: unknown): { score: number; reason: string } | null {
  if (!isPlainObject(value) || typeof value.score !== 'number' || !Number.isFinite(value.score)) return null;
  return { score: value.score, reason: typeof value.reason === 'string' ? value.reason : '' };
}

export const quote = (text: unknown): string => JSON.stringify(String(text).slice(0, 80));
