import { redactSecrets } from '../../redact-secrets';

/** Characters of a target's answer the server log keeps. */
const LOGGED_EXCERPT = 300;

/**
 * What a target answered when a turn failed on it, for admins: to the server log, cut short
 * and with every configured secret taken out (the turn's own error, which viewers read, names
 * only the status and a cause). Redacted before it is cut, so a key at the cut goes whole.
 */
export function logTargetAnswer(where: string, what: string, answer: string, secrets: readonly (string | null | undefined)[]): void {
  console.warn(`${where} (${what}) answered: ${redactSecrets(answer.slice(0, 4096), secrets).slice(0, LOGGED_EXCERPT)}`);
}
