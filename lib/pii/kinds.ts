import { z } from 'zod';

/*
 * What redaction of personal data can take out of a text, and what it puts in its place. The
 * rules of each kind are in scan-personal-data.ts and docs/datasets.md ("Redacting personal data").
 */

export const PII_KINDS = ['email', 'phone', 'card', 'ip'] as const;
export type PiiKind = (typeof PII_KINDS)[number];

export const PII_KIND_LABELS: Record<PiiKind, string> = {
  email: 'Email addresses',
  phone: 'Phone numbers',
  card: 'Card numbers',
  ip: 'IP addresses',
};

/** Each kind as a sentence names it. */
export const PII_KIND_NOUNS: Record<PiiKind, string> = {
  email: 'email addresses',
  phone: 'phone numbers',
  card: 'card numbers',
  ip: 'IP addresses',
};

/** `email addresses, IP addresses, [CUSTOM:staff-id]`: what a setting redacts, in words. */
export const describeSetting = (setting: { kinds: readonly PiiKind[]; patterns: readonly string[] }): string =>
  [...setting.kinds.map((k) => PII_KIND_NOUNS[k]), ...setting.patterns.map(customPlaceholder)].join(', ');

/** The typed placeholder each kind is replaced with. */
export const PLACEHOLDERS: Record<PiiKind, string> = { email: '[EMAIL]', phone: '[PHONE]', card: '[CARD]', ip: '[IP]' };

/** A user pattern's name: lowercase letters, digits, _ and -, shown in its placeholder `[CUSTOM:name]`. */
export const patternNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the pattern a name')
  .max(40, 'Keep the name under 40 characters')
  .regex(/^[a-z0-9][a-z0-9_-]*$/, 'Use lowercase letters, digits, _ and - (it is shown as [CUSTOM:name])');

export const customPlaceholder = (name: string): string => `[CUSTOM:${name}]`;
/** The key a user pattern's matches are counted under. */
export const customKey = (name: string): string => `custom:${name}`;

/**
 * Redactions made, by kind (`email`, `phone`, `card`, `ip`, `custom:<name>`): what is stored
 * beside a conversation and summed for a dataset. A kind with none is absent.
 */
export type RedactionCounts = Record<string, number>;

/** A user pattern as stored: its name and its RE2 source. */
export interface UserPattern {
  name: string;
  pattern: string;
}

/** What to redact: built-in kinds, and user patterns (with their source, so that a browser or a worker can apply them without the database). */
export interface RedactionSettings {
  kinds: PiiKind[];
  patterns: UserPattern[];
}

export const isRedacting = (settings: RedactionSettings | null | undefined): settings is RedactionSettings =>
  !!settings && (settings.kinds.length > 0 || settings.patterns.length > 0);

/** Adds `more` into `into`. */
export function addCounts(into: RedactionCounts, more: RedactionCounts | null | undefined): RedactionCounts {
  if (more) for (const [key, n] of Object.entries(more)) into[key] = (into[key] ?? 0) + n;
  return into;
}

export const totalOf = (counts: RedactionCounts | null | undefined): number => Object.values(counts ?? {}).reduce((a, b) => a + b, 0);

/** `{ email: 2, "custom:staff-id": 1 }` → `2 emails · 1 staff-id`, most first. */
export function describeCounts(counts: RedactionCounts | null | undefined): string {
  const nouns: Record<string, [string, string]> = { email: ['email', 'emails'], phone: ['phone', 'phones'], card: ['card', 'cards'], ip: ['IP', 'IPs'] };
  return Object.entries(counts ?? {})
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([key, n]) => {
      const noun = nouns[key] ?? [key.replace(/^custom:/, ''), key.replace(/^custom:/, '')];
      return `${n.toLocaleString('en-US')} ${n === 1 ? noun[0] : noun[1]}`;
    })
    .join(' · ');
}

/** Stored counts read back: anything but `{ key: positive integer }` reads as none. */
export function countsFromJson(value: unknown): RedactionCounts | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const out: RedactionCounts = {};
  for (const [key, n] of Object.entries(value)) if (typeof n === 'number' && Number.isInteger(n) && n > 0) out[key] = n;
  return Object.keys(out).length ? out : null;
}
