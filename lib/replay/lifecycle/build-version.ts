import type { Conversation } from '../../domain';
import { conversationFromRow } from '../../db/rows/conversation-from-row';
import type { Db } from '../../db/db-types';
import { openDatasetWriter, type SavedDataset } from '../../imports/dataset-writer';
import { saveDataset } from '../../imports/save-dataset';
import { copiedConversationId, copyReplayRange, listConversationMetadata, listOffScriptTurns, saveConversationMetadata } from '../../db/queries/replays/copy-replay-version';
import type { DatasetShell } from '../../db/queries/datasets/save-dataset';
import { createSequentialIds } from '../../db/sequential-ids';
import { getReplaySource } from '../../db/queries/replays/get-replay-settings';
import { linkSourceTurns } from '../../db/queries/replays/link-source-turns';
import { deleteEmptyVersion, listVersionBatch } from '../../db/queries/replays/list-version-batch';
import { simulatedStateOf } from '../execution/simulated-exchange';

const STEP = 200;
/** Source conversations copied per transaction (on SQLite a transaction holds the one writer). */
const COPY_STEP = 500;

interface ReplayForVersion {
  id: string;
  projectId: string;
  sourceDatasetId: string;
  modelVersion: string;
  mode: string;
  targetLabel: string;
}

/**
 * The new dataset version a replay produces: the source's conversations with their keys,
 * scenarios and fields, user turns as recorded, assistant turns as regenerated (with the
 * target's own retrieval context when it gave one, else the recorded one). A conversation with
 * an errored turn is left out (it can be retried); an off-script one is kept with the mark in
 * its metadata. Every turn is linked to its source turn. Simulated-user mode: the conversation
 * is the simulated one (see simulatedConversation); one without a scenario was skipped and is
 * left out. The version is hidden until it is whole, and removed if making it fails. Null when
 * no conversation is whole.
 */
export async function buildReplayVersion(db: Db, replay: ReplayForVersion): Promise<{ datasetId: string; conversations: number; leftOut: number } | null> {
  const source = await getReplaySource(db, replay.sourceDatasetId);
  const shell = {
    projectId: replay.projectId,
    name: `${source.name} · ${replay.modelVersion}`,
    description: `Replay of "${source.name}" (${replay.mode}) with ${replay.targetLabel}`,
    modelVersion: replay.modelVersion,
    sourceFormat: 'replay',
  };
  const saved = replay.mode === 'simulated-user' ? await saveSimulatedVersion(db, replay, source.conversationCount, shell) : await copyVersion(db, replay, source.conversationCount, shell);
  if (saved.conversationCount === 0) {
    await deleteEmptyVersion(db, saved.id);
    return null;
  }
  return { datasetId: saved.id, conversations: saved.conversationCount, leftOut: source.conversationCount - saved.conversationCount };
}

/**
 * Teacher-forced and on-policy: the conversations keep the source's shape, so the version is
 * copied inside the database (copyReplayRange), a few hundred conversations per transaction:
 * nothing is read into this process but the new version's applicable-metrics counts.
 */
async function copyVersion(db: Db, replay: ReplayForVersion, sourceCount: number, shell: DatasetShell): Promise<SavedDataset> {
  const writer = await openDatasetWriter(db, shell);
  try {
    const idBase = createSequentialIds()();
    for (let from = 0; from < sourceCount; from += COPY_STEP) {
      await writer.addStored((datasetId, offset) =>
        copyReplayRange(db, { datasetId, replayId: replay.id, sourceDatasetId: replay.sourceDatasetId, from, to: from + COPY_STEP, offset, idBase }),
      );
    }
    await markOffScript(db, replay.id, idBase);
    return await writer.finish({ sourceFormat: shell.sourceFormat });
  } catch (error) {
    await writer.abort();
    throw error;
  }
}

/** Each off-script conversation of the version gets the mark in its metadata: where it went off script and why. */
async function markOffScript(db: Db, replayId: string, idBase: string): Promise<void> {
  const offScript = await listOffScriptTurns(db, replayId);
  if (offScript.length === 0) return;
  const mark = new Map(offScript.map((t) => [copiedConversationId(idBase, t.position), { turn: t.turnIndex + 2, reason: t.fitReason ?? '' }]));
  // Only the conversations copied (an errored one was left out).
  const rows = await listConversationMetadata(db, [...mark.keys()]);
  await saveConversationMetadata(
    db,
    rows.map((row) => ({ id: row.id, metadata: { ...(isRecord(row.metadata) ? row.metadata : {}), replayOffScript: mark.get(row.id)! } })),
  );
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Simulated-user mode: each conversation as played, made here and stored through the import's writer. */
async function saveSimulatedVersion(db: Db, replay: ReplayForVersion, sourceCount: number, shell: DatasetShell): Promise<SavedDataset> {
  const sourcePositions: number[] = [];

  async function* batches(): AsyncIterable<Conversation[]> {
    for (let from = 0; from < sourceCount; from += STEP) {
      const { rows, items } = await listVersionBatch(db, replay.id, replay.sourceDatasetId, from, from + STEP);
      const byPosition = new Map<number, typeof items>();
      for (const item of items) (byPosition.get(item.position) ?? byPosition.set(item.position, []).get(item.position)!).push(item);
      const batch: Conversation[] = [];
      for (const row of rows) {
        const turns = byPosition.get(row.position) ?? [];
        if (turns.some((t) => t.status !== 'done')) continue;
        batch.push(simulatedConversation(conversationFromRow(row), turns));
        sourcePositions.push(row.position);
      }
      if (batch.length > 0) yield batch;
    }
  }

  return saveDataset(db, { ...shell, conversations: batches(), beforeShow: (id) => linkSourceTurns(db, id, replay.sourceDatasetId, sourcePositions) });
}

interface StoredExchange {
  turnIndex: number;
  content: string | null;
  retrievalContext: unknown;
  toolsCalled: unknown;
  fitReason: string | null;
  state: unknown;
}

/**
 * A simulated conversation as stored in the new version: the recorded fields, the exchanges as
 * played (generated user turns marked `simulated` in their metadata, the target's own retrieval
 * context when it gave one) and how it ended in `replaySimulation`: goal_met or goal_failed with
 * the judge's reason, or max_turns.
 */
function simulatedConversation(recorded: Conversation, items: readonly StoredExchange[]): Conversation {
  const exchanges = [...items].sort((a, b) => a.turnIndex - b.turnIndex);
  const turns: Conversation['turns'] = [];
  for (const item of exchanges) {
    const exchange = simulatedStateOf(item.state);
    turns.push({ role: 'user', content: exchange.user, ...(exchange.simulated ? { metadata: { simulated: true } } : {}) });
    turns.push({
      role: 'assistant',
      content: item.content ?? '',
      ...(Array.isArray(item.retrievalContext) ? { retrievalContext: item.retrievalContext.map(String) } : {}),
      ...(Array.isArray(item.toolsCalled) ? { toolsCalled: item.toolsCalled } : {}),
    });
  }
  const last = exchanges.at(-1);
  const verdict = last ? simulatedStateOf(last.state).next : null;
  const outcome = last?.fitReason ?? 'max_turns';
  return {
    ...recorded,
    metadata: { ...recorded.metadata, replaySimulation: { outcome, exchanges: exchanges.length, ...(verdict && outcome !== 'max_turns' ? { reason: verdict.reason } : {}) } },
    turns,
  };
}
