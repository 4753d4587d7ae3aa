import { AppError, isAppError } from '../../errors';
import { withCall, type Judge } from '../../judge/types';

/** Judge requests in a row that fail the same way before a run stops. */
export const SAME_FAILURES_TO_STOP = 5;

export interface JudgeBreaker {
  judge: Judge;
  /** Why the run must stop (the endpoint failed the same way `limit` times in a row), or null. */
  tripped(): AppError | null;
}

/**
 * A judge error no retry can mend: the endpoint answered with a 4xx other than 408, 409 and
 * 429 (a wrong key, a refused request, an unknown model). Server errors and lost connections
 * are retried by the judge itself, and may hit one step only.
 */
function refusesEveryRequest(error: unknown): error is AppError {
  if (!isAppError(error) || error.code !== 'JUDGE') return false;
  const status = error.details?.status;
  return typeof status === 'number' && status >= 400 && status < 500 && ![408, 409, 429].includes(status);
}

/**
 * Stops a run whose judge endpoint refuses every request the same way: after `limit`
 * refusals in a row with the same status and answer, `onTrip` is called once and every later
 * call fails at once without a request, so the run does not go through every conversation
 * collecting the same error. Any other outcome starts the count again; replies the judge
 * sent but that fail validation are the model's doing and do not count either.
 */
export function withBreaker(judge: Judge, onTrip: (error: AppError) => void, limit = SAME_FAILURES_TO_STOP): JudgeBreaker {
  let last: string | null = null;
  let count = 0;
  let stop: AppError | null = null;

  function failed(error: unknown): void {
    if (!refusesEveryRequest(error)) {
      count = 0;
      last = null;
      return;
    }
    const signature = typeof error.details?.signature === 'string' ? error.details.signature : error.message;
    count = signature === last ? count + 1 : 1;
    last = signature;
    if (count >= limit && stop === null) {
      stop = new AppError('JUDGE', `The run stopped: ${limit} judge requests in a row failed the same way. ${error.message}`, { ...error.details, stopped: true });
      onTrip(stop);
    }
  }

  return {
    tripped: () => stop,
    judge: withCall(judge, async (request) => {
      if (stop) throw stop;
      try {
        const reply = await judge.call(request);
        count = 0;
        last = null;
        return reply;
      } catch (error) {
        failed(error);
        throw error;
      }
    }),
  };
}

/** The error a run stopped with because its judge kept failing the same way (not worth retrying). */
export const isBreakerStop = (error: unknown): error is AppError => isAppError(error) && error.details?.stopped === true;
