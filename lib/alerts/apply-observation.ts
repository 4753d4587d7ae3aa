import type { Db } from '../db/db-types';
import { insertAlertEvent } from '../db/queries/alerts/alert-events';
import { findAlertState, getOrCreateAlertState, moveAlertState, noteAlertValue } from '../db/queries/alerts/alert-states';
import type { Observation } from './observation';

/** The key of one crossing's firing or resolution: one alert each, however many workers see it. */
export const eventKey = (ruleId: string, scopeKey: string, crossing: number, state: 'firing' | 'resolved'): string => `${ruleId}|${scopeKey}|${crossing}|${state}`;

/**
 * The state machine of a rule and scope: ok → firing stores a firing alert (crossing n + 1)
 * for delivery; firing → ok stores its resolution (delivered when the rule sends them); anything
 * else only notes the value. Fired once per crossing, re-armed when it recovers.
 *
 * Two workers looking at the same thing at once store one alert: the alert's key is unique (the
 * second insert is refused and skipped) and the state moves by compare-and-set. A worker that
 * stopped between the two leaves an alert stored and the state behind: the next look finds the
 * alert there already and moves the state on, without a second alert.
 */
export async function applyObservation(db: Db, observation: Observation, now: Date = new Date()): Promise<'fired' | 'resolved' | null> {
  const { rule, scopeKey, firing, value } = observation;
  // A scope that never fired has nothing to resolve: no state is kept for every dataset a run ends well on.
  const state = firing ? await getOrCreateAlertState(db, rule.row.id, scopeKey) : await findAlertState(db, rule.row.id, scopeKey);
  if (!state) return null;
  const firingNow = state.state === 'firing';
  if (firing === firingNow) {
    await noteAlertValue(db, state.id, value);
    return null;
  }
  const crossing = firing ? state.crossings + 1 : state.crossings;
  const kind = firing ? 'firing' : 'resolved';
  const stored = await insertAlertEvent(db, {
    ruleId: rule.row.id,
    key: eventKey(rule.row.id, scopeKey, crossing, kind),
    scopeKey,
    crossing,
    state: kind,
    value,
    summary: observation.summary.slice(0, 2000),
    link: observation.link,
    details: observation.details,
    delivery: firing || rule.row.notifyResolved ? 'pending' : 'off',
  });
  const moved = await moveAlertState(db, state, { state: firing ? 'firing' : 'ok', crossings: crossing, value, at: now });
  return stored && moved ? kind === 'firing' ? 'fired' : 'resolved' : null;
}
