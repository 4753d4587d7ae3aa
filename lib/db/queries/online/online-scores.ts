import { createSequentialIds } from '../../sequential-ids';
import { CONVERSATION_COPY, quotedColumns, TURN_COPY } from '../datasets/snapshot-live-dataset';
import type { Db } from '../../db-types';
import { isUniqueViolation } from '../../unique-violation';
import { recountRun } from '../runs/recount-run';

export interface ClosedConversation {
  id: string;
  datasetId: string;
  externalId: string;
  turnCount: number;
  lastActivityAt: Date;
  /** The labels of its last assistant turn (lib/ingest keeps them on the turn's metadata). */
  labels: Record<string, string>;
}

/**
 * Live conversations of `datasetIds` last active from `from` (when given) and before `before`,
 * least recently active first (then by id), after the conversation `after` when given.
 */
export async function listClosedConversations(
  db: Db,
  datasetIds: string[],
  window: { from: Date | null; before: Date; after?: { lastActivityAt: Date; id: string } },
  take: number,
): Promise<ClosedConversation[]> {
  const after = window.after;
  const rows = await db.conversation.findMany({
    where: {
      datasetId: { in: datasetIds },
      lastActivityAt: { lt: window.before, ...(window.from ? { gte: window.from } : {}) },
      externalId: { not: null },
      turnCount: { gt: 0 },
      ...(after ? { OR: [{ lastActivityAt: { gt: after.lastActivityAt } }, { lastActivityAt: after.lastActivityAt, id: { gt: after.id } }] } : {}),
    },
    orderBy: [{ lastActivityAt: 'asc' }, { id: 'asc' }],
    take,
    select: CLOSED_SELECT,
  });
  return rows.map(closedOf);
}

const CLOSED_SELECT = {
  id: true,
  datasetId: true,
  externalId: true,
  turnCount: true,
  lastActivityAt: true,
  turns: { where: { role: 'assistant' }, orderBy: { index: 'desc' }, take: 1, select: { metadata: true } },
} as const;

function closedOf(r: { id: string; datasetId: string; externalId: string | null; turnCount: number; lastActivityAt: Date | null; turns: { metadata: unknown }[] }): ClosedConversation {
  const labels = (r.turns[0]?.metadata as { labels?: Record<string, string> } | null)?.labels;
  return { id: r.id, datasetId: r.datasetId, externalId: r.externalId!, turnCount: r.turnCount, lastActivityAt: r.lastActivityAt!, labels: labels && typeof labels === 'object' ? labels : {} };
}

/** The live conversation of `datasetIds` whose traces named it `externalId` (the most recently active when several datasets have one), with turns; null when none. */
export async function findLiveConversation(db: Db, datasetIds: string[], externalId: string): Promise<ClosedConversation | null> {
  const row = await db.conversation.findFirst({
    where: { datasetId: { in: datasetIds }, externalId, turnCount: { gt: 0 } },
    orderBy: [{ lastActivityAt: 'desc' }, { id: 'desc' }],
    select: CLOSED_SELECT,
  });
  return row ? closedOf(row) : null;
}

export interface CurrentScore {
  id: string;
  liveDatasetId: string;
  externalId: string;
  turnCount: number;
  runId: string;
  conversationId: string;
}

/** The rule's scores that are not superseded, by "<live dataset id>\n<conversation id>". */
export async function currentScoresOf(db: Db, ruleId: string, liveDatasetIds: string[]): Promise<Map<string, CurrentScore>> {
  const rows = await db.onlineScore.findMany({
    where: { ruleId, liveDatasetId: { in: liveDatasetIds }, supersededAt: null },
    select: { id: true, liveDatasetId: true, externalId: true, turnCount: true, runId: true, conversationId: true },
  });
  return new Map(rows.map((r) => [`${r.liveDatasetId}\n${r.externalId}`, r]));
}

/** What the rule spent on `day` (USD) and on how many conversations. */
export async function spentOn(db: Db, ruleId: string, day: string): Promise<{ usd: number; calls: number; tokens: number; conversations: number }> {
  const agg = await db.onlineScore.aggregate({ where: { ruleId, day }, _sum: { costUsd: true, judgeCalls: true, tokens: true }, _count: { _all: true } });
  return { usd: agg._sum.costUsd ?? 0, calls: agg._sum.judgeCalls ?? 0, tokens: agg._sum.tokens ?? 0, conversations: agg._count._all };
}

/** The dataset and run holding a rule's scores of one UTC day and model version ("superseded" holds older results). */
/** The newest run of a rule's day and model version, with what it scores by (a changed rule starts another). */
// across projects: the datasets and runs of the rule the scoring worker holds.
export async function findOnlineRun(
  db: Db,
  ruleId: string,
  day: string,
  modelVersion: string | null,
): Promise<{ datasetId: string; runId: string; settings: { judgeKind: string; judgeName: string | null; judgeModel: string; metricSettings: unknown } } | null> {
  const dataset = await db.dataset.findFirst({
    where: { onlineRuleId: ruleId, onlineDay: day, modelVersion },
    orderBy: { createdAt: 'desc' },
    select: { id: true, runs: { select: { id: true, judgeKind: true, judgeName: true, judgeModel: true, metricSettings: true }, orderBy: { createdAt: 'asc' }, take: 1 } },
  });
  const run = dataset?.runs[0];
  return run ? { datasetId: dataset.id, runId: run.id, settings: { judgeKind: run.judgeKind, judgeName: run.judgeName, judgeModel: run.judgeModel, metricSettings: run.metricSettings } } : null;
}

/** A dataset of a rule's day, in the rule's project. */
export async function createOnlineDataset(db: Db, input: { projectId: string; name: string; ruleId: string; day: string; modelVersion: string | null; description: string }): Promise<string> {
  const dataset = await db.dataset.create({
    data: { projectId: input.projectId, name: input.name, description: input.description, sourceFormat: 'online', onlineRuleId: input.ruleId, onlineDay: input.day, modelVersion: input.modelVersion },
    select: { id: true },
  });
  return dataset.id;
}

/**
 * Copies a live conversation as it is now to the end of `datasetId` (inside the database, with
 * snapshotLiveDataset's column lists); its id and position there.
 */
// across projects: the datasets and runs of the rule the scoring worker holds.
export async function copyConversation(db: Db, conversationId: string, datasetId: string): Promise<{ id: string; position: number }> {
  const source = await db.conversation.findUniqueOrThrow({ where: { id: conversationId }, select: { turnCount: true } });
  for (let attempt = 0; ; attempt++) {
    const last = await db.conversation.findFirst({ where: { datasetId }, orderBy: { position: 'desc' }, select: { position: true } });
    const position = last ? last.position + 1 : 0;
    const id = createSequentialIds()();
    try {
      await db.$transaction([
        db.$executeRawUnsafe(
          `INSERT INTO "Conversation" ("id", "datasetId", "position", ${quotedColumns(CONVERSATION_COPY)})
           SELECT $1, $2, CAST($3 AS INTEGER), ${quotedColumns(CONVERSATION_COPY)} FROM "Conversation" WHERE "id" = $4`,
          id,
          datasetId,
          position,
          conversationId,
        ),
        db.$executeRawUnsafe(
          `INSERT INTO "Turn" ("id", "conversationId", ${quotedColumns(TURN_COPY)})
           SELECT $1 || '-' || CAST("index" AS TEXT), $1, ${quotedColumns(TURN_COPY)} FROM "Turn" WHERE "conversationId" = $2`,
          id,
          conversationId,
        ),
        db.dataset.update({ where: { id: datasetId }, data: { conversationCount: { increment: 1 }, turnCount: { increment: source.turnCount } } }),
      ]);
      return { id, position };
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
}

/** Holds an online run for a scoring pass: running, leased to `workerId` (so no run worker takes it), expecting `more` items. */
// across projects: the datasets and runs of the rule the scoring worker holds.
export async function holdOnlineRun(db: Db, runId: string, workerId: string, leaseUntil: Date, more: number): Promise<void> {
  await db.run.update({
    where: { id: runId },
    data: { status: 'running', workerId, leaseUntil, finishedAt: null, totalItems: { increment: more } },
  });
}

/** What scoring one conversation of a run took: judge cost, calls and tokens (prompt and completion). */
export async function usageOfConversation(db: Db, runId: string, conversationId: string): Promise<{ costUsd: number; judgeCalls: number; tokens: number }> {
  const agg = await db.result.aggregate({ where: { runId, conversationId }, _sum: { costUsd: true, judgeCalls: true, promptTokens: true, completionTokens: true } });
  return { costUsd: agg._sum.costUsd ?? 0, judgeCalls: agg._sum.judgeCalls ?? 0, tokens: (agg._sum.promptTokens ?? 0) + (agg._sum.completionTokens ?? 0) };
}

/**
 * Records a conversation's score; `replacing` names the rule's superseded score of the same turn
 * count (scored again on request), which the new one takes the place of in one transaction, its
 * cost, calls and tokens kept on the new one when both are of the same day (the daily caps count both).
 */
export async function recordOnlineScore(
  db: Db,
  data: { ruleId: string; liveDatasetId: string; externalId: string; turnCount: number; day: string; runId: string; conversationId: string; costUsd: number; judgeCalls: number; tokens: number },
  replacing?: string,
): Promise<void> {
  if (!replacing) {
    await db.onlineScore.create({ data });
    return;
  }
  await db.$transaction(async (tx) => {
    const old = await tx.onlineScore.delete({ where: { id: replacing }, select: { day: true, costUsd: true, judgeCalls: true, tokens: true } });
    const same = old.day === data.day;
    await tx.onlineScore.create({
      data: { ...data, costUsd: data.costUsd + (same ? old.costUsd : 0), judgeCalls: data.judgeCalls + (same ? old.judgeCalls : 0), tokens: data.tokens + (same ? old.tokens : 0) },
    });
  });
}

/** The chatbot role of a scored copy (a live conversation's copy, scored with the role its caller gave). */
export async function setCopyChatbotRole(db: Db, conversationId: string, chatbotRole: string): Promise<void> {
  await db.conversation.update({ where: { id: conversationId }, data: { chatbotRole } });
}

/** Removes a copy whose scoring failed (with what was stored of it), so the next pass scores the conversation afresh. */
// across projects: the datasets and runs of the rule the scoring worker holds.
export async function discardCopy(db: Db, copy: { id: string; datasetId: string; runId: string; items: number }): Promise<void> {
  const row = await db.conversation.findUnique({ where: { id: copy.id }, select: { turnCount: true } });
  if (!row) return;
  await db.$transaction([
    db.conversation.delete({ // across projects: the datasets and runs of the rule the scoring worker holds.
where: { id: copy.id } }),
    db.dataset.update({ where: { id: copy.datasetId }, data: { conversationCount: { decrement: 1 }, turnCount: { decrement: row.turnCount } } }),
  ]);
  await recountRun(db, copy.runId, { delta: -copy.items });
}

/**
 * Moves a scored copy, with its results and per-turn verdicts, out of its day's run into the
 * rule's run of superseded results, and marks the score superseded: the day's run shows only
 * current results, and the older ones stay readable in the other run.
 */
// across projects: the datasets and runs of the rule the scoring worker holds.
export async function supersedeScore(db: Db, score: { id: string; runId: string; conversationId: string }, history: { datasetId: string; runId: string }, at: Date): Promise<void> {
  const copy = await db.conversation.findUniqueOrThrow({ where: { id: score.conversationId }, select: { datasetId: true, turnCount: true } });
  const moved = await db.result.count({ where: { runId: score.runId, conversationId: score.conversationId } });
  for (let attempt = 0; ; attempt++) {
    const last = await db.conversation.findFirst({ where: { datasetId: history.datasetId }, orderBy: { position: 'desc' }, select: { position: true } });
    try {
      await db.$transaction([
        db.conversation.update({ where: { id: score.conversationId }, data: { datasetId: history.datasetId, position: last ? last.position + 1 : 0 } }),
        db.result.updateMany({ where: { runId: score.runId, conversationId: score.conversationId }, data: { runId: history.runId } }),
        db.turnVerdict.updateMany({ where: { runId: score.runId, conversationId: score.conversationId }, data: { runId: history.runId } }),
        db.dataset.update({ where: { id: copy.datasetId }, data: { conversationCount: { decrement: 1 }, turnCount: { decrement: copy.turnCount } } }),
        db.dataset.update({ where: { id: history.datasetId }, data: { conversationCount: { increment: 1 }, turnCount: { increment: copy.turnCount } } }),
        db.onlineScore.update({ where: { id: score.id }, data: { supersededAt: at, runId: history.runId } }),
      ]);
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== 'P2002' || attempt >= 5) throw error;
    }
  }
  await recountRun(db, score.runId, { delta: -moved });
  await recountRun(db, history.runId, { delta: moved });
}

export interface OnlineRunRow {
  runId: string;
  datasetId: string;
  day: string;
  modelVersion: string | null;
  status: string;
  doneItems: number;
  totalItems: number;
  costUsd: number;
  /** The run's judge: whether its cost is free, priced or unknown. */
  judgeKind: string;
  judgeModel: string;
  conversations: number;
}

/** A rule's runs in its project, newest day first (the superseded results' run last). */
export async function listOnlineRuns(db: Db, projectId: string, ruleId: string, take = 60): Promise<OnlineRunRow[]> {
  const datasets = await db.dataset.findMany({
    where: { projectId, onlineRuleId: ruleId },
    orderBy: [{ onlineDay: 'desc' }, { createdAt: 'asc' }],
    take,
    select: { id: true, onlineDay: true, modelVersion: true, conversationCount: true, runs: { take: 1, orderBy: { createdAt: 'asc' }, select: { id: true, status: true, doneItems: true, totalItems: true, costUsd: true, judgeKind: true, judgeModel: true } } },
  });
  const rows = datasets.flatMap((d) =>
    d.runs.map((r) => ({ runId: r.id, datasetId: d.id, day: d.onlineDay ?? '', modelVersion: d.modelVersion, status: r.status, doneItems: r.doneItems, totalItems: r.totalItems, costUsd: r.costUsd, judgeKind: r.judgeKind, judgeModel: r.judgeModel, conversations: d.conversationCount })),
  );
  return [...rows.filter((r) => r.day !== SUPERSEDED_DAY), ...rows.filter((r) => r.day === SUPERSEDED_DAY)];
}

/** The onlineDay of the dataset holding a rule's superseded results. */
export const SUPERSEDED_DAY = 'superseded';
