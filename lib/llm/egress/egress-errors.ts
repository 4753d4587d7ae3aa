import { EgressRefusedError } from './egress-policy';

/** A redirect that was not followed: to another origin (a key or secret would leave the one it was set for), or one too many. */
export class EgressRedirectError extends Error {
  constructor(
    message: string,
    readonly from: string,
    readonly to: string,
  ) {
    super(message);
    this.name = 'EgressRedirectError';
  }
}

/** The egress refusal or unfollowed redirect behind an error (fetch and the SDKs wrap it as a cause), if any. */
export function egressErrorOf(error: unknown): EgressRefusedError | EgressRedirectError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
    if (current instanceof EgressRefusedError || current instanceof EgressRedirectError) return current;
    current = current.cause;
  }
  return undefined;
}
