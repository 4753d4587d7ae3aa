/**
 * Until the server at `url` answers any HTTP request: null once it does, else why not (its
 * `stopped()` reason as soon as it gives one, or the limit passing).
 */
export async function waitForServer(url: string, timeoutMs: number, stopped: () => string | null = () => null): Promise<string | null> {
  const until = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < until) {
    const reason = stopped();
    if (reason) return reason;
    try {
      await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5_000) });
      return null;
    } catch (error) {
      lastError = (error as Error).message;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  return `the server at ${url} did not answer within ${timeoutMs / 1000} s${lastError ? `: ${lastError}` : ''}`;
}
