import type { Db } from '../db/db-types';
import { AppError } from '../errors';
import type { Principal } from '../identity/principal';
import { checkReplayRequest } from '../replay';
import { checkRunRequest, runRequestSchema } from '../runs';
import type { ScheduleKind } from './schedule-input';

type Env = Record<string, string | undefined>;

/** A run request as stored on a schedule, parsed; the first refused field as an AppError naming it. */
export function parseScheduledRunRequest(input: unknown) {
  const parsed = runRequestSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue.path[0] === 'metrics' ? 'metrics' : String(issue.path[0] ?? 'request');
  throw new AppError('BAD_INPUT', issue.message, { field });
}

/**
 * What a schedule starts, checked as a start checks it, by the replay's or the runs' front door,
 * for whoever saves it: the dataset, the judge and metrics (an LLM-only metric with the offline
 * judge is refused in the one sentence runs use), a replay's target against the egress policy.
 * A scheduled replay must score what it makes (its runs are what the schedule compares). The
 * request as stored: normalised, as the front door read it.
 */
export async function checkScheduleRequest(db: Db, kind: ScheduleKind, request: unknown, principal: Principal, env: Env): Promise<Record<string, unknown>> {
  if (kind === 'replay') {
    const checked = await checkReplayRequest(db, principal.project.id, request, principal, env);
    if (!checked.evaluate) {
      throw new AppError('BAD_INPUT', 'A scheduled replay scores the version it makes (its runs are what each start is compared with): tick “Score the new version when the replay ends” (evaluate).');
    }
    return JSON.parse(JSON.stringify(checked)) as Record<string, unknown>;
  }
  const parsed = parseScheduledRunRequest(request);
  await checkRunRequest(db, principal.project.id, parsed, env);
  return JSON.parse(JSON.stringify(parsed)) as Record<string, unknown>;
}
