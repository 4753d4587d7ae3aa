import { z } from 'zod';
import type { Turn } from '../domain';
import type { Issue, Path } from './fields';
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

/** The file's own role values and the role each stands for, e.g. { "agent_1": "user", "agent_2": "assistant" }. */
export const roleValuesSchema = z
  .record(z.string().trim().min(1, 'a role value cannot be empty').max(200, 'a role value is at most 200 characters'), z.enum(['user', 'assistant'], { error: 'map each role value to "user" or "assistant"' }))
  .refine((map) => Object.keys(map).length <= 100, { message: 'at most 100 role values' });
export type RoleValues = z.infer<typeof roleValuesSchema>;

/**
 * The file's own values first (as given, or in any case), then user/human → user and
 * assistant/ai/gpt/bot → assistant (any case); anything else → null.
 */
export function normaliseRole(value: unknown, roleValues?: RoleValues): Turn['role'] | null {
  if (typeof value !== 'string') return null;
  const key = value.trim();
  if (roleValues) {
    const own = roleValues[key] ?? Object.entries(roleValues).find(([k]) => k.toLowerCase() === key.toLowerCase())?.[1];
    if (own) return own;
  }
  return ROLES[key.toLowerCase()] ?? null;
}

export const unknownRoleMessage = (value: unknown): string =>
  `unknown role ${quoted(value)}: expected ${ACCEPTED_ROLES}, or map it to one in the role values`;

/** The error for a role value nothing covers, carrying the value so the import page can offer to map it. */
export const unknownRoleIssue = (path: Path, value: unknown): Issue => ({
  severity: 'error',
  path,
  message: unknownRoleMessage(value),
  ...(typeof value === 'string' && value.trim() !== '' ? { unknownRole: value.trim().slice(0, 200) } : {}),
});
