import { z } from 'zod';
import { OFFLINE_JUDGE_NAME, OPENAI_JUDGE_NAME } from '../judge/config';
import { hasCredentials } from '../redact-secrets';

/** Models typed one per line or separated by commas. */
const modelList = z
  .string()
  .transform((text) => [...new Set(text.split(/[\n,]+/).map((m) => m.trim()).filter(Boolean))])
  .pipe(z.array(z.string().max(200)).min(1, 'List at least one model').max(50, 'List at most 50 models'));

/** A per-minute limit typed in a form: blank for none, else a whole number above 0. */
const optionalLimit = (what: string) =>
  z
    .string()
    .trim()
    .transform((text) => (text === '' ? null : Number(text.replace(/[,_\s]/g, ''))))
    .pipe(z.number({ error: `Enter ${what} a minute as a whole number` }).int(`Enter ${what} a minute as a whole number`).positive('Enter a number above 0').max(1e9, 'Keep it under 1,000,000,000').nullable())
    .optional()
    .transform((value) => value ?? null);

/** The connection form: name, base URL, key (blank on edit keeps the stored one), models. */
export const connectionInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Give the connection a name')
    .max(60, 'Keep the name under 60 characters')
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'Use letters, digits, ".", "_" or "-"')
    .refine((name) => name !== OPENAI_JUDGE_NAME && name !== OFFLINE_JUDGE_NAME, 'This name is reserved'),
  baseUrl: z
    .url({ protocol: /^https?$/, error: 'Enter an http(s) URL, e.g. https://api.example.com/v1' })
    .trim()
    .refine((url) => !hasCredentials(url), 'Leave the user name and password out of the URL: put the key in API key'),
  apiKey: z
    .string()
    .trim()
    .max(1000, 'Keep the key under 1,000 characters')
    .transform((key) => (key === '' ? undefined : key))
    .optional(),
  models: modelList,
  rpm: optionalLimit('requests'),
  tpm: optionalLimit('tokens'),
});
export type ConnectionInput = z.input<typeof connectionInputSchema>;
export type CheckedConnectionInput = z.output<typeof connectionInputSchema>;
