import type { Prisma } from '../../generated/sqlite/client';
import { isPostgresDb } from '../../db-provider';
import type { Db } from '../../db-types';
import { getDatasetConversationCount } from './count-conversations';
import type { ConversationQuery } from '../../../domain/conversation-query';

export interface ConversationListItem {
  id: string;
  position: number;
  externalId: string | null;
  name: string | null;
  scenario: string | null;
  firstUserMessage: string | null;
  turnCount: number;
  /** Personal data redacted from it on the way in, by kind (JSON as stored). */
  redactions: unknown;
}

/** Case-insensitive contains: SQLite's LIKE already is for ASCII; Postgres needs the mode. */
function contains(db: Db, text: string): Prisma.StringNullableFilter {
  return (isPostgresDb(db) ? { contains: text, mode: 'insensitive' } : { contains: text }) as Prisma.StringNullableFilter;
}

function orderOf(query: Pick<ConversationQuery, 'sort' | 'dir'>): Prisma.ConversationOrderByWithRelationInput[] {
  const dir = query.dir;
  // Ties stay in file order whichever way the column is sorted.
  const byPosition = { position: 'asc' } as const;
  if (query.sort === 'position') return [{ position: dir }];
  switch (query.sort) {
    case 'name':
      return [{ name: { sort: dir, nulls: 'last' } }, { externalId: { sort: dir, nulls: 'last' } }, byPosition];
    case 'turns':
      return [{ turnCount: dir }, byPosition];
    case 'message':
      return [{ firstUserMessage: { sort: dir, nulls: 'last' } }, byPosition];
    default:
      return [{ position: dir }];
  }
}

/** Matching conversations counted at most past the page shown; beyond it a search says "more than". */
export const CONVERSATION_MATCH_CAP = 1000;

/**
 * One page of a dataset's conversations, searched by name, external id, id or first user message,
 * and sorted; never the whole list. Unsearched, the total is the dataset's stored count; searched,
 * matches are counted up to CONVERSATION_MATCH_CAP past the page's end (`more`: there are more
 * than `total`), so that a common word costs no more than a rare one. On PostgreSQL a trigram
 * index (lib/db/indexes-outside-migrations.ts) finds a rare word's few matches without reading
 * every conversation of the dataset.
 */
export async function listConversations(
  db: Db,
  projectId: string,
  datasetId: string,
  page: { skip: number; take: number },
  query: Partial<ConversationQuery> = {},
  matchCap = CONVERSATION_MATCH_CAP,
): Promise<{ rows: ConversationListItem[]; total: number; more: boolean }> {
  const q = query.q?.trim();
  const where: Prisma.ConversationWhereInput = q
    ? {
        datasetId,
        dataset: { projectId },
        OR: [{ name: contains(db, q) }, { externalId: contains(db, q) }, { firstUserMessage: contains(db, q) }, { id: q }],
      }
    : { datasetId, dataset: { projectId } };
  const cap = page.skip + page.take + matchCap;
  const [rows, total] = await Promise.all([
    db.conversation.findMany({
      where,
      orderBy: orderOf({ sort: query.sort ?? 'position', dir: query.dir ?? 'asc' }),
      skip: page.skip,
      take: page.take,
      select: { id: true, position: true, externalId: true, name: true, scenario: true, firstUserMessage: true, turnCount: true, redactions: true },
    }),
    q ? db.conversation.count({ where, take: cap + 1 }) : getDatasetConversationCount(db, projectId, datasetId).then((n) => n ?? 0),
  ]);
  return total > cap ? { rows, total: cap, more: true } : { rows, total, more: false };
}
