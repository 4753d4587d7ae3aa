import { z } from 'zod';
import { recordAudit } from '../auth/audit';
import type { Db } from '../db/db-types';
import { countRedactionPatterns, createRedactionPattern, deleteRedactionPattern, type StoredPattern } from '../db/queries/redaction/redaction-patterns';
import { AppError } from '../errors';
import type { Actor, Principal } from '../identity/principal';
import { MAX_USER_PATTERNS, compileUserPattern } from '../pii/user-patterns';
import { forgetPatternInLiveSettings } from './live-redaction';

const patternInputSchema = z.object({ name: z.string(), pattern: z.string() });

const requireAdmin = (actor: Actor | Principal) => {
  if (!actor.instanceAdmin) throw new AppError('FORBIDDEN', 'Only an admin of the instance may change the patterns of personal data');
};

/** Saves a user pattern after checking that RE2 takes it (BAD_INPUT naming the field otherwise), and records it in the audit log. */
export async function addRedactionPattern(db: Db, actor: Actor | Principal, input: unknown): Promise<StoredPattern> {
  requireAdmin(actor);
  const parsed = patternInputSchema.safeParse(input);
  if (!parsed.success) throw new AppError('BAD_INPUT', 'Give a name and a pattern', { field: 'name' });
  const checked = compileUserPattern({ name: parsed.data.name, pattern: parsed.data.pattern });
  if ((await countRedactionPatterns(db)) >= MAX_USER_PATTERNS) throw new AppError('BAD_INPUT', `At most ${MAX_USER_PATTERNS} patterns are kept; remove one first`, { field: 'name' });
  const saved = await createRedactionPattern(db, { name: checked.name, pattern: parsed.data.pattern, createdBy: actor.email });
  await recordAudit(db, actor, 'redaction.pattern.create', saved.id, `${saved.name}: ${saved.pattern}`);
  return saved;
}

/** Removes a user pattern, and its name from the live datasets that applied it; recorded in the audit log. */
export async function removeRedactionPattern(db: Db, actor: Actor | Principal, id: string): Promise<StoredPattern> {
  requireAdmin(actor);
  const removed = await deleteRedactionPattern(db, id);
  const datasets = await forgetPatternInLiveSettings(db, removed.name);
  await recordAudit(db, actor, 'redaction.pattern.delete', removed.id, `${removed.name}: ${removed.pattern}${datasets.length ? ` (no longer applied to ${datasets.join(', ')})` : ''}`);
  return removed;
}
