import type { Db } from '../db/db-types';
import { AppError } from '../errors';
import { decryptText, deriveKey, encryptText, lastFour } from '../auth/secret-box';
import { getServerSecret } from '../auth/server-secret';
import type { JudgeEndpoint } from '../judge/config';
import type { CheckedConnectionInput } from './connection-input';
import { registerSecret } from '../redact-secrets';
import { adminPolicy, assertEgressAllowed, readEgressSettings } from '../llm/egress';
import { deleteConnectionRow, insertConnection, updateConnectionIfUnchanged } from '../db/queries/connections/save-connection';
import { markDefaultConnection } from '../db/queries/connections/mark-default-connection';
import { findConnectionIdByName, getConnectionKeyAndUrl, getConnectionName } from '../db/queries/connections/get-connection';
import { listConnectionInfos, listConnectionSecrets, type ConnectionInfo } from '../db/queries/connections/list-connections';

const keyFor = (env: Record<string, string | undefined>) => deriveKey(getServerSecret(env), 'judge-connection-keys');

/** A project's stored connections as its settings page shows them (keys: their last four characters at most). */
export const listConnections = (db: Db, projectId: string): Promise<ConnectionInfo[]> => listConnectionInfos(db, projectId);

async function assertNameFree(db: Db, projectId: string, name: string, reserved: string[], exceptId?: string): Promise<void> {
  if (reserved.includes(name)) throw new AppError('CONFLICT', `A judge named "${name}" comes from the environment (TURNWISE_JUDGES)`, { field: 'name' });
  const other = await findConnectionIdByName(db, projectId, name);
  if (other && other.id !== exceptId) throw new AppError('CONFLICT', `A connection named "${name}" exists already`, { field: 'name' });
}

/** An admin's base URL may reach loopback and private addresses; a metadata one only if TURNWISE_EGRESS_ALLOW lists it. */
const assertBaseUrlAllowed = (baseUrl: string, env: Record<string, string | undefined>): Promise<void> =>
  assertEgressAllowed(baseUrl, adminPolicy(readEgressSettings(env)), 'baseUrl');

/** A new connection of a project. */
export async function createConnection(db: Db, projectId: string, input: CheckedConnectionInput, envNames: string[], env: Record<string, string | undefined> = process.env): Promise<{ id: string }> {
  await assertNameFree(db, projectId, input.name, envNames);
  await assertBaseUrlAllowed(input.baseUrl, env);
  registerSecret(input.apiKey);
  return insertConnection(db, projectId, {
    name: input.name,
    baseUrl: input.baseUrl,
    models: input.models,
    rpm: input.rpm,
    tpm: input.tpm,
    keyCipher: input.apiKey ? encryptText(input.apiKey, keyFor(env)) : null,
    keyLastFour: input.apiKey ? lastFour(input.apiKey) : null,
  });
}

/** Updates a connection of a project; a blank key keeps the stored one, `clearKey` removes it. */
export async function updateConnection(
  db: Db,
  projectId: string,
  id: string,
  input: CheckedConnectionInput & { clearKey?: boolean },
  envNames: string[],
  env: Record<string, string | undefined> = process.env,
): Promise<void> {
  await assertNameFree(db, projectId, input.name, envNames, id);
  await assertBaseUrlAllowed(input.baseUrl, env);
  const stored = await getConnectionKeyAndUrl(db, projectId, id);
  if (!stored) throw new AppError('NOT_FOUND', 'No such judge connection');
  // The stored key was given for the stored URL: it goes to another one only when typed again.
  if (stored.keyCipher !== null && stored.baseUrl !== input.baseUrl && !input.apiKey && !input.clearKey) {
    throw new AppError('BAD_INPUT', 'The base URL changed: enter the API key again (the stored key is sent only to the URL it was given for), or tick "Remove the stored key".', { field: 'apiKey' });
  }
  registerSecret(input.apiKey);
  const key = input.apiKey
    ? { keyCipher: encryptText(input.apiKey, keyFor(env)), keyLastFour: lastFour(input.apiKey) }
    : input.clearKey
      ? { keyCipher: null, keyLastFour: null }
      : {};
  // A key kept is kept only if nobody changed the URL or the key since it was read.
  const keeps = !input.apiKey && !input.clearKey;
  const where = keeps ? { id, baseUrl: stored.baseUrl, keyCipher: stored.keyCipher } : { id };
  const count = await updateConnectionIfUnchanged(db, projectId, where, { name: input.name, baseUrl: input.baseUrl, models: input.models, rpm: input.rpm, tpm: input.tpm, ...key });
  if (count === 0) throw new AppError('CONFLICT', 'The connection was changed or deleted meanwhile: reload the page and edit it again.');
}

export async function deleteConnection(db: Db, projectId: string, id: string): Promise<{ name: string }> {
  const row = await getConnectionName(db, projectId, id);
  if (!row) throw new AppError('NOT_FOUND', 'No such judge connection');
  await deleteConnectionRow(db, projectId, id);
  return row;
}

/** Makes a connection the judge every form of its project preselects (the one before it loses the mark), or with null leaves none marked. */
export async function setDefaultConnection(db: Db, projectId: string, id: string | null): Promise<void> {
  if (!(await markDefaultConnection(db, projectId, id))) throw new AppError('NOT_FOUND', 'No such judge connection');
}

/** A project's stored connections as judge endpoints, keys decrypted (server-side only). */
export async function loadConnectionEndpoints(db: Db, projectId: string, env: Record<string, string | undefined> = process.env): Promise<JudgeEndpoint[]> {
  const rows = await listConnectionSecrets(db, projectId);
  if (rows.length === 0) return [];
  const key = keyFor(env);
  return rows.map((row) => {
    const models = row.models;
    const apiKey = row.keyCipher ? decryptText(row.keyCipher, key) : null;
    registerSecret(apiKey);
    return {
      name: row.name,
      baseURL: row.baseUrl,
      apiKeyEnv: null,
      apiKey,
      models,
      defaultModel: models[0],
      rpm: row.rpm,
      tpm: row.tpm,
      isDefault: row.isDefault,
    };
  });
}

/** One connection of a project as an endpoint (the test button). */
export async function getConnectionEndpoint(db: Db, projectId: string, id: string, env: Record<string, string | undefined> = process.env): Promise<JudgeEndpoint> {
  const row = await getConnectionName(db, projectId, id);
  if (!row) throw new AppError('NOT_FOUND', 'No such judge connection');
  const endpoint = (await loadConnectionEndpoints(db, projectId, env)).find((e) => e.name === row.name);
  if (!endpoint) throw new AppError('NOT_FOUND', 'No such judge connection');
  return endpoint;
}
