import type { Turn } from '../domain';
import { quoted } from './value-checks';

const ROLES: Record<string, Turn['role']> = {
  user: 'user',
  human: 'user',
  assistant: 'assistant',
  ai: 'assistant',
  gpt: 'assistant',
  bot: 'assistant',
};

export const ACCEPTED_ROLES = 'user/human or assistant/ai/gpt/bot';

/** user/human → user; assistant/ai/gpt/bot → assistant (any case); anything else → null. */
export function normaliseRole(value: unknown): Turn['role'] | null {
  if (typeof value !== 'string') return null;
  return ROLES[value.trim().toLowerCase()] ?? null;
}

export const unknownRoleMessage = (value: unknown): string =>
  `unknown role ${quoted(value)}: expected ${ACCEPTED_ROLES}`;
