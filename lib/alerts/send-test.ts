import { randomUUID } from 'node:crypto';
import { recordAudit } from '../auth/audit';
import type { Db } from '../db/db-types';
import { getAlertEventForDelivery, insertAlertEvent, recordAlertAttempt } from '../db/queries/alerts/alert-events';
import type { Principal } from '../identity/principal';
import type { EgressPolicy } from '../llm/egress';
import { attemptDelivery } from './delivery/deliver-due';
import { assertMayChangeAlert, getAlert } from './rules';

type Env = Record<string, string | undefined>;

export interface TestOutcome {
  eventId: string;
  delivered: boolean;
  status: number | null;
  error: string | null;
  ms: number;
}

/**
 * "Send test": one alert marked `"test": true` sent now to the rule's destination, once (a test
 * is not retried), and kept in the rule's history with how it went. Its state is "firing", so
 * that a receiver's handling of real alerts is what gets tried.
 */
export async function sendTestAlert(db: Db, principal: Principal, id: string, env: Env, lookup?: EgressPolicy['lookup']): Promise<TestOutcome> {
  const rule = await getAlert(db, principal.project.id, id);
  assertMayChangeAlert(principal, rule);
  const workerId = `test:${randomUUID()}`;
  const stored = await insertAlertEvent(db, {
    ruleId: rule.id,
    key: `${rule.id}|test|${randomUUID()}`,
    scopeKey: 'test',
    crossing: 0,
    state: 'test',
    value: null,
    summary: `A test of alert rule "${rule.name}", sent from its page: no condition was crossed.`,
    link: `/alerts/${rule.id}`,
    details: {},
    delivery: 'pending',
    // Held by this request from the start: no worker takes it, and it is sent once, here.
    workerId,
    leaseUntil: new Date(Date.now() + 60 * 60_000),
  });
  const event = (await getAlertEventForDelivery(db, stored!.id))!;
  const outcome = await attemptDelivery(db, event, env, lookup);
  await recordAlertAttempt(db, event.id, workerId, { delivery: outcome.delivered ? 'delivered' : 'failed', status: outcome.status, error: outcome.error, at: new Date() });
  await recordAudit(db, principal, 'alert.test', rule.id, `${rule.name}: ${outcome.delivered ? `delivered (HTTP ${outcome.status})` : `not delivered: ${outcome.error}`}`.slice(0, 500));
  return { eventId: event.id, delivered: outcome.delivered, status: outcome.status, error: outcome.error, ms: outcome.ms };
}
