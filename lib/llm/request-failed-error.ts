/**
 * A request the transport could not get a usable reply for: the message says what and where
 * (a replay stores it on the turn). `retryable`: a later try may succeed; `requests`: how many
 * it sent before it failed.
 */
export class RequestFailedError extends Error {
  constructor(
    message: string,
    readonly retryable = false,
    /** Requests sent before it failed (a replay counts them). */
    readonly requests = 0,
  ) {
    super(message);
    this.name = 'RequestFailedError';
  }
}

/** Replies past this are refused before any parser reads them (a target's). */
export const MAX_REPLY_BYTES = 1024 * 1024;
