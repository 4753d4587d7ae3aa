import { z } from 'zod';
import { recordAudit } from '../auth/audit';
import type { Db } from '../db/db-types';
import { listLiveDatasets } from '../db/queries/online/online-rules';
import { getDatasetRedaction, listLiveRedaction, setDatasetRedaction } from '../db/queries/redaction/dataset-redaction';
import { listAllProjects } from '../db/queries/projects/get-project';
import { listRedactionPatterns } from '../db/queries/redaction/redaction-patterns';
import { AppError } from '../errors';
import type { Principal } from '../identity/principal';
import { PII_KINDS, type RedactionSettings } from '../pii/kinds';
import { formatRedactSpec } from '../pii/redact-spec';
import { createRedactor, type Redactor } from '../pii/redactor';
import { redactSpecOf, resolveRedaction } from './resolve-redaction';
import { storedRedaction, storedRedactionOf, type StoredRedaction } from './stored-setting';

type Env = Record<string, string | undefined>;

/**
 * What a live dataset made by the first trace of a new service redacts: TURNWISE_LIVE_REDACT, a
 * spec like the upload's (`all`, `email,phone`, `custom:staff-id`…); none when unset. A bad value
 * is a CONFIG error that fails the batch (kept, not stored unredacted).
 */
export async function defaultLiveRedaction(db: Db, env: Env): Promise<RedactionSettings | null> {
  try {
    return await resolveRedaction(db, redactSpecOf(env.TURNWISE_LIVE_REDACT, 'TURNWISE_LIVE_REDACT'), 'TURNWISE_LIVE_REDACT');
  } catch (error) {
    throw new AppError('CONFIG', error instanceof Error ? error.message : String(error));
  }
}

/** A stored setting with its patterns' sources as saved now (a pattern removed since is not applied). */
async function settingsOf(stored: StoredRedaction | null, saved: () => Promise<Map<string, string>>): Promise<RedactionSettings | null> {
  if (!stored) return null;
  const sources = stored.patterns.length ? await saved() : new Map<string, string>();
  const patterns = stored.patterns.filter((name) => sources.has(name)).map((name) => ({ name, pattern: sources.get(name)! }));
  return stored.kinds.length || patterns.length ? { kinds: stored.kinds, patterns } : null;
}

export interface ServiceRedaction {
  settings: RedactionSettings;
  redactor: Redactor;
}

/**
 * The redaction each service's traffic to a project gets: its live dataset's setting, or for a service with no
 * live dataset yet the default (TURNWISE_LIVE_REDACT), which its live dataset then starts with.
 */
export async function redactionOfServices(db: Db, projectId: string, services: Iterable<string>, env: Env): Promise<Map<string, ServiceRedaction | null>> {
  const wanted = [...new Set(services)];
  const out = new Map<string, ServiceRedaction | null>();
  if (!wanted.length) return out;
  const stored = await listLiveRedaction(db, projectId, wanted);
  let patterns: Promise<Map<string, string>> | null = null;
  const saved = () => (patterns ??= listRedactionPatterns(db).then((rows) => new Map(rows.map((p) => [p.name, p.pattern]))));
  let fallback: Promise<RedactionSettings | null> | null = null;
  for (const service of wanted) {
    const settings = stored.has(service) ? await settingsOf(storedRedactionOf(stored.get(service)), saved) : await (fallback ??= defaultLiveRedaction(db, env));
    const redactor = settings ? createRedactor(settings) : null;
    out.set(service, settings && redactor ? { settings, redactor } : null);
  }
  return out;
}

/** What a new live dataset stores as its setting: the default, or null. */
export async function initialLiveRedaction(db: Db, env: Env): Promise<StoredRedaction | null> {
  const settings = await defaultLiveRedaction(db, env);
  return settings ? storedRedaction(settings) : null;
}

export const liveRedactionInputSchema = z.object({
  kinds: z.array(z.enum(PII_KINDS)).max(PII_KINDS.length).default([]),
  patterns: z.array(z.string().trim().min(1).max(40)).max(50).default([]),
});

/**
 * Sets what a live dataset redacts from now on (what is stored stays as it is), and records it in
 * the audit log with the setting before and after. Admins only: it decides what personal data
 * production traffic leaves in the database.
 */
export async function setLiveRedaction(db: Db, actor: Principal, datasetId: string, input: unknown): Promise<StoredRedaction | null> {
  if (actor.role !== 'admin') throw new AppError('FORBIDDEN', `Only an admin of the project "${actor.project.name}" may change what its live datasets redact`);
  const parsed = liveRedactionInputSchema.safeParse(input);
  if (!parsed.success) throw new AppError('BAD_INPUT', `redaction: ${parsed.error.issues[0].message}`, { field: 'redaction' });
  const dataset = await getDatasetRedaction(db, actor.project.id, datasetId);
  const [live] = await listLiveDatasets(db, actor.project.id, [datasetId]);
  if (!live) throw new AppError('BAD_INPUT', `${dataset.name} is not a live dataset: an upload is redacted when it is imported`, { field: 'redaction' });
  const settings = await resolveRedaction(db, { kinds: parsed.data.kinds, patterns: parsed.data.patterns, allPatterns: false }, 'patterns');
  const before = storedRedactionOf(dataset.piiRedaction);
  const after = settings ? storedRedaction(settings) : null;
  await setDatasetRedaction(db, actor.project.id, datasetId, { kinds: after?.kinds ?? [], patterns: after?.patterns ?? [] });
  await recordAudit(db, actor, 'redaction.live', datasetId, `${dataset.name}: ${formatRedactSpec(before ?? { kinds: [], patterns: [] })} → ${formatRedactSpec(after ?? { kinds: [], patterns: [] })}`);
  return after;
}

/** Takes a removed pattern's name out of every live dataset's setting (a new pattern of that name must not apply without being chosen). */
export async function forgetPatternInLiveSettings(db: Db, name: string): Promise<string[]> {
  const changed: string[] = [];
  // Patterns are the instance's: every project's live datasets.
  for (const project of await listAllProjects(db)) {
    for (const live of await listLiveDatasets(db, project.id)) {
      const dataset = await getDatasetRedaction(db, project.id, live.datasetId);
      const stored = storedRedactionOf(dataset.piiRedaction);
      if (!stored?.patterns.includes(name)) continue;
      await setDatasetRedaction(db, project.id, live.datasetId, { kinds: stored.kinds, patterns: stored.patterns.filter((p) => p !== name) });
      changed.push(dataset.name);
    }
  }
  return changed;
}

/** The redactor of a live dataset's setting now, or null (text sent beside its traces, e.g. deepeval's chatbotRole, goes through it). */
export async function liveDatasetRedactor(db: Db, projectId: string, datasetId: string): Promise<Redactor | null> {
  const dataset = await getDatasetRedaction(db, projectId, datasetId);
  const saved = async () => new Map((await listRedactionPatterns(db)).map((p) => [p.name, p.pattern]));
  return createRedactor(await settingsOf(storedRedactionOf(dataset.piiRedaction), saved));
}
