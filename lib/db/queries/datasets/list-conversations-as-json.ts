import { isPostgresDb } from '../../db-provider';
import type { Db } from '../../db-types';
import { Prisma } from '../../generated/sqlite/client';
import { conversationFromRow, type ConversationRow } from '../../rows/conversation-from-row';
import type { Conversation } from '../../../domain';

/*
 * Each conversation with its turns as one JSON text made by the database: a row per conversation
 * instead of one per turn through the client, which costs about a tenth of the CPU for a page of
 * a few thousand turns. The same fields as conversationSelect.
 */

const SQLITE_CONVERSATION_JSON = `json_object(
    'externalId', c."externalId", 'name', c."name", 'scenario', c."scenario", 'expectedOutcome', c."expectedOutcome",
    'chatbotRole', c."chatbotRole", 'userDescription', c."userDescription", 'context', json(c."context"), 'metadata', json(c."metadata"),
    'relevantTopics', json(c."relevantTopics"), 'availableTools', json(c."availableTools"),
    'turns', (SELECT json_group_array(json_object(
        'role', t."role", 'content', t."content", 'retrievalContext', json(t."retrievalContext"), 'context', json(t."context"),
        'toolsCalled', json(t."toolsCalled"), 'expectedTools', json(t."expectedTools"), 'expectedOutput', t."expectedOutput",
        'metadata', json(t."metadata"), 'labels', json(t."labels")))
      FROM (SELECT * FROM "Turn" WHERE "conversationId" = c."id" ORDER BY "index") t)
  )`;

const POSTGRES_CONVERSATION_JSON = `json_build_object(
    'externalId', c."externalId", 'name', c."name", 'scenario', c."scenario", 'expectedOutcome', c."expectedOutcome",
    'chatbotRole', c."chatbotRole", 'userDescription', c."userDescription", 'context', c."context", 'metadata', c."metadata",
    'relevantTopics', c."relevantTopics", 'availableTools', c."availableTools",
    'turns', COALESCE((SELECT json_agg(json_build_object(
        'role', t."role", 'content', t."content", 'retrievalContext', t."retrievalContext", 'context', t."context",
        'toolsCalled', t."toolsCalled", 'expectedTools', t."expectedTools", 'expectedOutput', t."expectedOutput",
        'metadata', t."metadata", 'labels', t."labels") ORDER BY t."index")
      FROM "Turn" t WHERE t."conversationId" = c."id"), '[]'::json)
  )::text`;

/** The expression making conversation `c`'s JSON text (a ConversationRow), on either database. */
export const conversationJson = (postgres: boolean): Prisma.Sql => Prisma.raw(postgres ? POSTGRES_CONVERSATION_JSON : SQLITE_CONVERSATION_JSON);

/** The conversations of a dataset at positions [from, to), in order, as the Conversation the parsers produce. */
export async function listConversationsAsJson(db: Db, datasetId: string, from: number, to: number): Promise<Conversation[]> {
  const rows = await db.$queryRaw<{ conversation: string }[]>`
    SELECT ${conversationJson(isPostgresDb(db))} AS "conversation"
    FROM "Conversation" c WHERE c."datasetId" = ${datasetId} AND c."position" >= ${from} AND c."position" < ${to} ORDER BY c."position"`;
  return rows.map((row) => conversationFromRow(JSON.parse(row.conversation) as ConversationRow));
}
