import type { Conversation } from '../../domain';
import { conversationFromRow } from '../../db/rows/conversation-from-row';
import type { Db } from '../../db/db-types';
import { saveDataset } from '../../imports/save-dataset';
import { getReplaySource } from '../../db/queries/replays/get-replay-settings';
import { linkSourceTurns } from '../../db/queries/replays/link-source-turns';
import { deleteEmptyVersion, listVersionBatch } from '../../db/queries/replays/list-version-batch';
import { simulatedStateOf } from '../execution/simulated-exchange';

const STEP = 200;

interface ReplayForVersion {
  id: string;
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
 * left out. Null when no conversation is whole.
 */
export async function buildReplayVersion(db: Db, replay: ReplayForVersion): Promise<{ datasetId: string; conversations: number; leftOut: number } | null> {
  const source = await getReplaySource(db, replay.sourceDatasetId);
  const sourcePositions: number[] = [];
  let leftOut = 0;

  async function* batches(): AsyncIterable<Conversation[]> {
    for (let from = 0; from < source.conversationCount; from += STEP) {
      const { rows, items } = await listVersionBatch(db, replay.id, replay.sourceDatasetId, from, from + STEP);
      const byPosition = new Map<number, typeof items>();
      for (const item of items) (byPosition.get(item.position) ?? byPosition.set(item.position, []).get(item.position)!).push(item);
      const batch: Conversation[] = [];
      for (const row of rows) {
        const turns = byPosition.get(row.position) ?? [];
        if (turns.some((t) => t.status !== 'done')) {
          leftOut++;
          continue;
        }
        const recorded = conversationFromRow(row);
        if (replay.mode === 'simulated-user') {
          batch.push(simulatedConversation(recorded, turns));
          sourcePositions.push(row.position);
          continue;
        }
        const byIndex = new Map(turns.map((t) => [t.turnIndex, t]));
        const offScript = turns.filter((t) => t.nextFits === false).sort((a, b) => a.turnIndex - b.turnIndex)[0];
        batch.push({
          ...recorded,
          ...(offScript
            ? { metadata: { ...recorded.metadata, replayOffScript: { turn: offScript.turnIndex + 2, reason: offScript.fitReason ?? '' } } }
            : {}),
          turns: recorded.turns.map((turn, index) => {
            const item = byIndex.get(index);
            if (turn.role !== 'assistant' || !item) return turn;
            const { labels: _labels, toolsCalled: _tools, ...kept } = turn;
            return {
              ...kept,
              content: item.content ?? '',
              ...(Array.isArray(item.retrievalContext) ? { retrievalContext: item.retrievalContext.map(String) } : {}),
              ...(Array.isArray(item.toolsCalled) ? { toolsCalled: item.toolsCalled } : {}),
            };
          }),
        });
        sourcePositions.push(row.position);
      }
      if (batch.length > 0) yield batch;
    }
  }

  const saved = await saveDataset(db, {
    name: `${source.name} · ${replay.modelVersion}`,
    description: `Replay of "${source.name}" (${replay.mode}) with ${replay.targetLabel}`,
    modelVersion: replay.modelVersion,
    sourceFormat: 'replay',
    conversations: batches(),
    beforeShow: (id) => linkSourceTurns(db, id, replay.sourceDatasetId, sourcePositions),
  });
  if (saved.conversationCount === 0) {
    await deleteEmptyVersion(db, saved.id);
    return null;
  }
  return { datasetId: saved.id, conversations: saved.conversationCount, leftOut };
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
