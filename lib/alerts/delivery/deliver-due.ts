import pLimit from 'p-limit';
import type { Db } from '../../db/db-types';
import { isPassingDbError } from '../../db/passing-error';
import { dbRetryOf, retryPassing } from '../../db/retry-passing';
import { getAlertEventForDelivery, leaseAlertEvent, listDueAlertEvents, recordAlertAttempt } from '../../db/queries/alerts/alert-events';
import { getAlertRuleSecrets } from '../../db/queries/alerts/alert-rules';
import { isAppError } from '../../errors';
import { envNumber } from '../../jobs/env-number';
import type { EgressPolicy } from '../../llm/egress';
import { redactSecrets } from '../../redact-secrets';
import { destinationPolicy, openDestination } from '../destination';
import { backgroundPublicUrl } from '../../http/public-url';
import { projectPath } from '../../nav/project-path';
import { conditionSchema } from '../rule-input';
import type { AlertMessage } from './alert-message';
import { conditionText } from './alert-text';
import { postAlert, type AttemptOutcome } from './post-alert';

type Env = Record<string, string | undefined>;

export interface DeliveryContext {
  db: Db;
  env: Env;
  log: (line: string) => void;
  workerId: string;
  now?: () => Date;
  /** Replaces the DNS lookup of the egress check (tests). */
  lookup?: EgressPolicy['lookup'];
}

/**
 * A worker holds a delivery this long: far longer than an attempt (10 s), so that a database
 * that blinks while the outcome is recorded does not hand the alert to another worker, which
 * would send it again. A worker that died lets it go after this.
 */
export const DELIVERY_LEASE_MS = 5 * 60_000;
const PER_TICK = 20;
const AT_ONCE = 4;

/** The wait before attempt n + 1: TURNWISE_ALERT_RETRY_MS (30 s), doubling, at most an hour. */
export const retryDelayMs = (env: Env, attempts: number): number => Math.min(3_600_000, envNumber(env, 'TURNWISE_ALERT_RETRY_MS', 30_000) * 2 ** Math.max(0, attempts - 1));
/** Attempts before an alert is marked failed (TURNWISE_ALERT_ATTEMPTS, 8: about an hour of trying). */
export const maxAttempts = (env: Env): number => envNumber(env, 'TURNWISE_ALERT_ATTEMPTS', 8);

type DeliveryEvent = NonNullable<Awaited<ReturnType<typeof getAlertEventForDelivery>>>;

async function messageOf(db: Db, event: DeliveryEvent, env: Env): Promise<AlertMessage> {
  const parsed = conditionSchema.safeParse(event.rule.condition);
  return {
    id: event.id,
    state: event.state === 'resolved' ? 'resolved' : 'firing',
    test: event.state === 'test',
    rule: { id: event.rule.id, name: event.rule.name, kind: event.rule.kind, condition: parsed.success ? await conditionText(db, event.rule.projectId, parsed.data) : event.rule.kind },
    scope: event.scopeKey,
    crossing: event.crossing,
    value: event.value,
    summary: event.summary,
    // The pages of the rule's project (links are stored as the project's short paths).
    link: backgroundPublicUrl(projectPath(event.rule.project.slug, event.link), env),
    rulePage: backgroundPublicUrl(projectPath(event.rule.project.slug, `/alerts/${event.rule.id}`), env),
    at: event.createdAt,
    details: event.details,
  };
}

/** One alert to the destination its rule has now: the attempt's outcome (a destination that cannot be opened is one that failed). */
export async function attemptDelivery(db: Db, event: DeliveryEvent, env: Env, lookup?: EgressPolicy['lookup']): Promise<AttemptOutcome & { where: string }> {
  const sealed = await getAlertRuleSecrets(db, event.rule.projectId, event.ruleId);
  if (!sealed) return { delivered: false, status: null, error: 'the rule was deleted', retry: false, ms: 0, where: 'nowhere' };
  try {
    const destination = openDestination(sealed, env);
    const policy = await destinationPolicy(db, destination.urlSetBy, env);
    const outcome = await postAlert(destination, await messageOf(db, event, env), lookup ? { ...policy, lookup } : policy);
    return { ...outcome, where: sealed.urlHint };
  } catch (error) {
    if (isPassingDbError(error)) throw error;
    // A secret that no longer opens (TURNWISE_SECRET changed) or a setting that cannot be read: another attempt fails the same way.
    const message = isAppError(error) ? error.message : redactSecrets((error as Error).message);
    return { delivered: false, status: null, error: message, retry: false, ms: 0, where: sealed.urlHint };
  }
}

async function deliverOne(ctx: DeliveryContext, id: string): Promise<boolean> {
  const { db, env, log, workerId, now = () => new Date() } = ctx;
  if (!(await leaseAlertEvent(db, id, workerId, now(), DELIVERY_LEASE_MS))) return false;
  const event = await getAlertEventForDelivery(db, id);
  if (!event) return false;
  const outcome = await attemptDelivery(db, event, env, ctx.lookup);
  const attempts = event.attempts + 1;
  const delivery = outcome.delivered ? 'delivered' : !outcome.retry || attempts >= maxAttempts(env) ? 'failed' : 'pending';
  const at = now();
  // Recorded whatever the database does meanwhile: an alert delivered and not recorded would be sent again.
  await retryPassing(
    `alert ${id}: recording its delivery`,
    () => recordAlertAttempt(db, id, workerId, { delivery, status: outcome.status, error: outcome.error, at, ...(delivery === 'pending' ? { nextAttemptAt: new Date(at.getTime() + retryDelayMs(env, attempts)) } : {}) }),
    dbRetryOf(env, log),
  );
  const what = `alert "${event.rule.name}" (${event.state}, crossing ${event.crossing})`;
  if (outcome.delivered) log(`${what} delivered to ${outcome.where} in ${outcome.ms} ms`);
  else log(`${what} not delivered to ${outcome.where}: ${outcome.error}${delivery === 'pending' ? `; attempt ${attempts + 1} in ${Math.round(retryDelayMs(env, attempts) / 1000)} s` : delivery === 'failed' ? `; given up after ${attempts} attempt(s)` : ''}`);
  return outcome.delivered;
}

/**
 * The alerts whose delivery is due, each taken under a lease (a conditional update, so that of
 * two workers sharing a PostgreSQL database one sends it) and sent, four at a time; a failed
 * attempt is tried again with back-off until TURNWISE_ALERT_ATTEMPTS. The number delivered.
 */
export async function deliverDueAlerts(ctx: DeliveryContext): Promise<number> {
  const due = await listDueAlertEvents(ctx.db, (ctx.now ?? (() => new Date()))(), PER_TICK);
  if (!due.length) return 0;
  const limit = pLimit(AT_ONCE);
  const delivered = await Promise.all(due.map((e) => limit(() => deliverOne(ctx, e.id))));
  return delivered.filter(Boolean).length;
}
