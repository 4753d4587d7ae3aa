import type { Db } from '../../db/db-types';
import { listChunkWork } from '../../db/queries/replays/list-chunk-work';
import type { SourceTurn } from './history';

/** A conversation of a chunk as the modes work on it: its recorded turns and its work items by turn index. */
export interface Work {
  position: number;
  key: string;
  turns: SourceTurn[];
  scenario: string | null;
  expectedOutcome: string | null;
  items: Map<number, { status: string; content: string | null; state: unknown; nextFits: boolean | null; fitReason: string | null }>;
}

/** The chunk's conversations that have work items, with the items as stored (pending, done, error). */
export async function loadWork(db: Db, replayId: string, datasetId: string, range: { from: number; to: number } | undefined): Promise<Work[]> {
  const { conversations, items } = await listChunkWork(db, replayId, datasetId, range);
  const byPosition = new Map<number, Work>();
  for (const c of conversations) byPosition.set(c.position, { position: c.position, key: c.externalId ?? c.matchKey, turns: c.turns, scenario: c.scenario, expectedOutcome: c.expectedOutcome, items: new Map() });
  for (const item of items) byPosition.get(item.position)?.items.set(item.turnIndex, { status: item.status, content: item.content, state: item.state, nextFits: item.nextFits, fitReason: item.fitReason });
  return [...byPosition.values()].filter((w) => w.items.size > 0);
}

/** The items still to generate. */
export const pendingCount = (work: readonly Work[]): number => work.reduce((n, w) => n + [...w.items.values()].filter((i) => i.status === 'pending').length, 0);
