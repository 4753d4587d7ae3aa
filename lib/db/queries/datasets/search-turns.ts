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
  if (isPostgresDb(db)) return (await rankedOnPostgres(db, datasetId, terms, RANKED_MATCHES, take)).map(toMatch);
  // The index holds no text (contentless): the snippet is cut from the turn's content.
  const rows = await db.$queryRaw<(Omit<Row, 'snippet'> & { content: string })[]>`
    SELECT t."conversationId", c."name", c."externalId", c."position", t."index" AS "turnIndex", t."role", t."content"
    FROM "TurnSearch"
    JOIN "Turn" t ON t.rowid = "TurnSearch".rowid
    JOIN "Conversation" c ON c."id" = t."conversationId"
    WHERE "TurnSearch" MATCH ${fts5Query(terms)} AND c."datasetId" = ${datasetId}
    ORDER BY bm25("TurnSearch"), c."position", t."index"
    LIMIT ${take}`;
  return rows.map(({ content, ...r }) => toMatch({ ...r, snippet: markSnippet(content, terms) }));
}

const toMatch = (r: Row): TurnMatch => ({
  conversationId: r.conversationId,
  label: r.name ?? r.externalId ?? `Conversation ${Number(r.position) + 1}`,
  turnIndex: Number(r.turnIndex),
  role: r.role,
  snippet: r.snippet,
});

/**
 * PostgreSQL: the first `limit` matches the index gives, ranked, the best `take` of them with
 * their snippets, each row with how many of the `limit` there were (`total`). The snippet is cut
 * after the LIMIT: PostgreSQL evaluates the costly ts_headline for the rows kept only.
 */
const rankedOnPostgres = (db: Db, datasetId: string, terms: string[], limit: number, take: number) =>
  db.$queryRaw<(Row & { total: number | bigint })[]>`
    SELECT m."conversationId", m."name", m."externalId", m."position", m."turnIndex", m."role",
      ts_headline('simple', m."content", m."query", ${`StartSel=${MATCH_START}, StopSel=${MATCH_END}, MaxWords=24, MinWords=10, MaxFragments=1, FragmentDelimiter=" … "`}) AS "snippet", m."total"
    FROM (
      SELECT r.*, count(*) OVER () AS "total" FROM (
        SELECT t."conversationId", c."name", c."externalId", c."position", t."index" AS "turnIndex", t."role", t."content", q.query, ts_rank(t."contentSearch", q.query) AS "rank"
        FROM "Turn" t
        CROSS JOIN LATERAL (${conversationOf(datasetId)}) c,
          (SELECT to_tsquery('simple', ${tsQuery(terms)}) AS query) q
        WHERE t."contentSearch" @@ q.query
        LIMIT ${limit}) r) m
    ORDER BY m."rank" DESC, m."position", m."turnIndex"
    LIMIT ${take}`;

/**
 * The dataset page's turn matches: searchTurns' best `take`, and how many turns match, counted up
 * to `cap` + 1 (above `cap` means "more than cap"). On PostgreSQL both come from one query, which
 * ranks the first `cap` + 1 matches: the index gathers a word's matches once, not once for the
 * list and again for the count (each time every matching turn of every dataset).
 */
export async function searchTurnsCounted(db: Db, datasetId: string, text: string, take = 25, cap = MATCH_COUNT_CAP): Promise<{ matches: TurnMatch[]; total: number }> {
  const terms = searchTerms(text);
  if (terms.length === 0) return { matches: [], total: 0 };
  if (isPostgresDb(db)) {
    const rows = await rankedOnPostgres(db, datasetId, terms, cap + 1, take);
    return { matches: rows.map(toMatch), total: Number(rows[0]?.total ?? 0) };
  }
  const matches = await searchTurns(db, datasetId, text, take);
  // Fewer than a full list: that is all of them, no need to count.
  return { matches, total: matches.length < take ? matches.length : await countTurnMatches(db, datasetId, text, cap) };
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
