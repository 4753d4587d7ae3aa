import { fts5Query, markSnippet, MATCH_END, MATCH_START, searchTerms, tsQuery } from '../../../search/search-terms';
import { isPostgresDb } from '../../db-provider';
import type { Db } from '../../db-types';
import { Prisma } from '../../generated/sqlite/client';

export interface TurnMatch {
  conversationId: string;
  /** The conversation's name, external id or position, as lists show it. */
  label: string;
  turnIndex: number;
  role: string;
  /** Text around the matches, each wrapped in MATCH_START/MATCH_END. */
  snippet: string;
}

type Row = { conversationId: string; name: string | null; externalId: string | null; position: number | bigint; turnIndex: number | bigint; role: string; snippet: string };

/**
 * PostgreSQL: a matching turn's conversation, if it belongs to the dataset, looked up by its key
 * for each match. As a plain join the planner hashed every conversation of the dataset first
 * (11 ms at 20,000 conversations, growing with the dataset) to keep the first thousand matches;
 * OFFSET 0 keeps the subquery from being merged back into such a join.
 */
const conversationOf = (datasetId: string) =>
  Prisma.sql`SELECT c."name", c."externalId", c."position" FROM "Conversation" c WHERE c."id" = t."conversationId" AND c."datasetId" = ${datasetId} OFFSET 0`;

/** Matches ranked at most on PostgreSQL: past it a common word's search reads no more of them. */
export const RANKED_MATCHES = 1000;

/**
 * The turns of a dataset whose content has every word of `text` (the last one as a prefix),
 * best first (bm25 on SQLite, ts_rank on PostgreSQL), through the full-text index
 * (lib/db/search-index.ts). Words are letters and digits only, so no input is a syntax error.
 * PostgreSQL ranks the first RANKED_MATCHES matches the index gives (in storage order, so the
 * same ones each time), not every match: ranking all 24,000 turns of a common word at 20,000
 * conversations took 1.2–1.8 s (each match's row read and ranked), the first 1,000 0.25 s. A
 * search with fewer matches ranks them all, as SQLite always does (FTS5 ranks from its index).
 */
export async function searchTurns(db: Db, datasetId: string, text: string, take = 25): Promise<TurnMatch[]> {
  const terms = searchTerms(text);
  if (terms.length === 0) return [];
  const rows = isPostgresDb(db)
    ? // The snippet is cut after the LIMIT: PostgreSQL evaluates the costly ts_headline for the rows kept only.
      await db.$queryRaw<Row[]>`
        SELECT m."conversationId", m."name", m."externalId", m."position", m."turnIndex", m."role",
          ts_headline('simple', m."content", m."query", ${`StartSel=${MATCH_START}, StopSel=${MATCH_END}, MaxWords=24, MinWords=10, MaxFragments=1, FragmentDelimiter=" … "`}) AS "snippet"
        FROM (
          SELECT t."conversationId", c."name", c."externalId", c."position", t."index" AS "turnIndex", t."role", t."content", q.query, ts_rank(t."contentSearch", q.query) AS "rank"
          FROM "Turn" t
          CROSS JOIN LATERAL (${conversationOf(datasetId)}) c,
            (SELECT to_tsquery('simple', ${tsQuery(terms)}) AS query) q
          WHERE t."contentSearch" @@ q.query
          LIMIT ${RANKED_MATCHES}) m
        ORDER BY m."rank" DESC, m."position", m."turnIndex"
        LIMIT ${take}`
    : // The index holds no text (contentless): the snippet is cut from the turn's content.
      (
        await db.$queryRaw<(Omit<Row, 'snippet'> & { content: string })[]>`
        SELECT t."conversationId", c."name", c."externalId", c."position", t."index" AS "turnIndex", t."role", t."content"
        FROM "TurnSearch"
        JOIN "Turn" t ON t.rowid = "TurnSearch".rowid
        JOIN "Conversation" c ON c."id" = t."conversationId"
        WHERE "TurnSearch" MATCH ${fts5Query(terms)} AND c."datasetId" = ${datasetId}
        ORDER BY bm25("TurnSearch"), c."position", t."index"
        LIMIT ${take}`
      ).map(({ content, ...r }) => ({ ...r, snippet: markSnippet(content, terms) }));
  return rows.map((r) => ({
    conversationId: r.conversationId,
    label: r.name ?? r.externalId ?? `Conversation ${Number(r.position) + 1}`,
    turnIndex: Number(r.turnIndex),
    role: r.role,
    snippet: r.snippet,
  }));
}

/** Matches counted at most; past it a page says "more than". */
export const MATCH_COUNT_CAP = 1000;

/**
 * How many turns of a dataset searchTurns would find, counted up to `cap` + 1 so that a common
 * word costs no more than a rare one: a result above `cap` means "more than cap".
 */
export async function countTurnMatches(db: Db, datasetId: string, text: string, cap = MATCH_COUNT_CAP): Promise<number> {
  const terms = searchTerms(text);
  if (terms.length === 0) return 0;
  const rows = isPostgresDb(db)
    ? await db.$queryRaw<{ n: number | bigint }[]>`
        SELECT count(*) AS "n" FROM (
          SELECT 1 FROM "Turn" t CROSS JOIN LATERAL (${conversationOf(datasetId)}) c
          WHERE t."contentSearch" @@ to_tsquery('simple', ${tsQuery(terms)})
          LIMIT ${cap + 1}) m`
    : await db.$queryRaw<{ n: number | bigint }[]>`
        SELECT count(*) AS "n" FROM (
          SELECT 1 FROM "TurnSearch"
          JOIN "Turn" t ON t.rowid = "TurnSearch".rowid
          JOIN "Conversation" c ON c."id" = t."conversationId"
          WHERE "TurnSearch" MATCH ${fts5Query(terms)} AND c."datasetId" = ${datasetId}
          LIMIT ${cap + 1}) m`;
  return Number(rows[0]?.n ?? 0);
}
