import type { Db } from '../../db/db-types';
import { createPrismaJudgeCache } from '../../db/queries/judge-cache';
import { listConversationsAt } from '../../db/queries/datasets/conversation-pages';
import { withCache } from '../../judge/cache';
import { createMemoryJudgeCache } from '../../judge/memory-cache';
import { endpointCacheScope, requestCacheKey } from '../../judge/cache-key';
import { loadJudgeConfigWithConnections } from '../../connections/judge-config-with-connections';
import { createOfflineJudge } from '../../judge/offline';
import { DEFAULT_OPENAI_BASE_URL } from '../../judge/openai-judge';
import { plannedAnswer } from '../../judge/offline/planning-answers';
import { offlineServes } from '../../judge/offline/run-step';
import { estimateCost, estimateTokens, findModelPrice } from '../../llm/prices';
import type { Judge, JudgeCache, JudgeReply, JudgeRequest } from '../../judge/types';
import { createSelectedMetric, selectionApplies } from '../../metrics/selected-metric';
import type { Conversation } from '../../domain/conversation';
import { countApplicable } from '../aggregates/applicable-counts';
import { resolveMetrics } from './resolve-metrics';
import { refuseLlmOnlyMetricsOnOffline } from '../../metrics/needs-llm-judge';
import { resolveRunJudge } from '../../connections/judge-selection';
import type { RunRequest } from './run-request';
import { getDatasetConversationCount } from '../../db/queries/datasets/count-conversations';
import { notFound } from '../../db/not-found';

export interface MetricPreview {
  metric: string;
  /** Conversations the metric applies to: the run's items for this metric. */
  items: number;
  /** Judge calls the run would send for this metric (cached replies excluded). */
  calls: number;
  cachedCalls: number;
}

export interface RunPreview {
  judgeKind: 'offline' | 'openai';
  judgeModel: string;
  conversations: number;
  /** Conversations walked through for the estimate, spread over the dataset; the rest is extrapolated. */
  sampledConversations: number;
  items: number;
  metrics: MetricPreview[];
  calls: number;
  /** Requests of this run whose replies the cache already holds for this judge model. */
  cachedCalls: number;
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
  /** False when the model has no known price (local models): the cost shows as unknown. */
  priced: boolean;
  /**
   * The least time the judge connection's configured rpm/tpm allow for the calls and tokens
   * not in the cache, in ms; null when the connection has no configured limit.
   */
  rateLimitedMs: number | null;
  /** The configured limits behind rateLimitedMs. */
  rpm: number | null;
  tpm: number | null;
}

/** Calls and tokens at the configured per-minute limits: the longer of the two. */
export function rateLimitedDuration(calls: number, tokens: number, limits: { rpm: number | null; tpm: number | null }): number | null {
  if (limits.rpm === null && limits.tpm === null) return null;
  const byRequests = limits.rpm ? (calls / limits.rpm) * 60_000 : 0;
  const byTokens = limits.tpm ? (tokens / limits.tpm) * 60_000 : 0;
  return Math.round(Math.max(byRequests, byTokens));
}

/** A metric that needs an LLM judge: a reply of a real one's shape, to count its calls and tokens. */
function plannedReply<T>(request: JudgeRequest<T>): JudgeReply<T> {
  const raw = JSON.stringify(plannedAnswer(request));
  return { output: request.schema.parse(JSON.parse(raw)), raw, model: 'planning', promptTokens: 0, completionTokens: 0, costUsd: 0, cached: false, cacheKey: '' };
}

/**
 * A stand-in judge for planning: it answers every step the way the offline judge does (so
 * the pipeline takes the same branches a real judge would roughly take: claims found,
 * facts extracted…; a step of a metric that needs an LLM judge gets a planned reply), and prices each request as the chosen model would, from the prompt
 * our pipeline actually renders and a reply of the offline judge's length.
 */
function createPlanningJudge(model: string, cacheScope: string): Judge {
  const offline = createOfflineJudge();
  return {
    kind: 'planning',
    model,
    cacheScope,
    async call<T>(request: JudgeRequest<T>): Promise<JudgeReply<T>> {
      const reply = offlineServes(request) ? await offline.call(request) : plannedReply(request);
      const promptTokens = estimateTokens(request.messages.map((m) => m.content).join('\n'));
      const completionTokens = estimateTokens(reply.raw);
      return {
        ...reply,
        model,
        promptTokens,
        completionTokens,
        costUsd: estimateCost(model, promptTokens, completionTokens),
        cacheKey: requestCacheKey(request, model, cacheScope),
      };
    },
    usage: () => offline.usage(),
  };
}

/**
 * The stored cache, read only, under an in-memory layer for the replies the plan itself
 * produces (a request repeated within the run is free in the real run too). Counts the
 * replies found in the stored cache.
 */
function planningCache(stored: JudgeCache): JudgeCache & { storedHits: () => number } {
  const local = createMemoryJudgeCache();
  let hits = 0;
  return {
    async get(key) {
      const own = await local.get(key);
      if (own) return own;
      const entry = await stored.get(key);
      if (entry) {
        // Counted once, like a planned call: a repeat of the same request is answered in memory.
        hits++;
        await local.set(key, entry);
      }
      return entry;
    },
    set: (key, entry) => local.set(key, entry),
    storedHits: () => hits,
  };
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** 0…n-1 in a fixed scattered order, so a sample cut short covers the whole dataset, not its start. */
export function spreadOrder(n: number): number[] {
  const key = (i: number) => Math.imul(i + 1, 2654435761) >>> 0;
  return Array.from({ length: n }, (_, i) => i).sort((a, b) => key(a) - key(b));
}

/** Conversations fetched at a time for the sample. */
const SAMPLE_FETCH = 16;

/** The dataset's conversations in spreadOrder, fetched a few at a time as the sample asks for them. */
async function* spreadSample(db: Db, datasetId: string, n: number): AsyncGenerator<Conversation> {
  const order = spreadOrder(n);
  for (let i = 0; i < order.length; i += SAMPLE_FETCH) {
    const positions = order.slice(i, i + SAMPLE_FETCH);
    const found = await listConversationsAt(db, datasetId, positions);
    const byPosition = new Map(found.map((c) => [c.position, c.conversation]));
    for (const p of positions) {
      const c = byPosition.get(p);
      if (c) yield c;
    }
  }
}

/**
 * What a run would cost before it starts: judge calls, tokens and dollars, and how many of
 * its requests the judge cache already answers. It runs our own pipeline over the
 * conversations with a planning judge, so the counts follow our call-saving rules (truths
 * once per document, one verdict request per distinct window…). A request whose reply is
 * cached is answered from the cache, so the later steps ask what the real run would ask
 * again; for the rest the offline judge's answers stand in for the model's, so later steps
 * are approximate. Past `budgetMs`, the conversations not walked are extrapolated metric by
 * metric from those walked, in proportion to their turns.
 */
export async function previewRun(
  db: Db,
  projectId: string,
  request: RunRequest,
  env: Record<string, string | undefined>,
  options: { budgetMs?: number } = {},
): Promise<RunPreview> {
  const config = await loadJudgeConfigWithConnections(db, projectId, env);
  // The dataset must be the project's before anything of it is read.
  if ((await getDatasetConversationCount(db, projectId, request.datasetId)) === null) throw notFound('Dataset', request.datasetId);
  const judge = resolveRunJudge(request.judge, config);
  const endpoint = judge.judgeName === null ? null : [config.openai, ...config.judges].find((e) => e.name === judge.judgeName);
  const limits = { rpm: endpoint?.rpm ?? null, tpm: endpoint?.tpm ?? null };
  const offline = judge.judgeKind === 'offline';
  const cache = planningCache(createPrismaJudgeCache(db));
  // The run's cache keys include its endpoint: the plan looks up the same ones.
  const scope = endpointCacheScope(endpoint?.baseURL ?? DEFAULT_OPENAI_BASE_URL);
  const planner = offline ? createOfflineJudge() : withCache(createPlanningJudge(judge.judgeModel, scope), cache);
  const selections = await resolveMetrics(db, projectId, request.metrics);
  refuseLlmOnlyMetricsOnOffline(judge.judgeKind, selections);
  const counts = await countApplicable(db, request.datasetId, selections);
  const metrics = selections.map((m) => ({ name: m.name, selection: m, metric: createSelectedMetric(m, planner) }));

  const totals = new Map(
    metrics.map((m) => [m.name, { ...counts.metrics[m.name], sampledTurns: 0, calls: 0, cachedCalls: 0, promptTokens: 0, completionTokens: 0, costUsd: 0 }]),
  );

  const deadline = Date.now() + (options.budgetMs ?? 2500);
  let sampled = 0;
  for await (const conversation of spreadSample(db, request.datasetId, counts.conversations)) {
    if (sampled > 0 && Date.now() > deadline) break;
    for (const { name, selection, metric } of metrics) {
      if (!selectionApplies(selection, conversation)) continue;
      const storedBefore = cache.storedHits();
      const { usage } = await metric.measure(conversation);
      const t = totals.get(name)!;
      t.sampledTurns += conversation.turns.length;
      t.calls += usage.calls;
      t.cachedCalls += cache.storedHits() - storedBefore;
      t.promptTokens += usage.promptTokens;
      t.completionTokens += usage.completionTokens;
      t.costUsd += usage.costUsd;
    }
    sampled++;
    await yieldToEventLoop();
  }

  // Calls and tokens grow with turns, so the rest is extrapolated by turns, metric by metric.
  // Each sample of a noisy judge is asked anew (its own cache key): samples multiply calls, and none is cached yet.
  const samples = request.samples ?? 1;
  const perMetric = metrics.map(({ name }) => {
    const t = totals.get(name)!;
    const scale = t.sampledTurns ? t.turns / t.sampledTurns : 0;
    const sent = samples === 1 ? t.calls : t.calls + t.cachedCalls;
    return {
      metric: name,
      items: t.items,
      calls: Math.round(sent * scale * samples),
      cachedCalls: samples === 1 ? Math.round(t.cachedCalls * scale) : 0,
      promptTokens: Math.round(t.promptTokens * scale * samples),
      completionTokens: Math.round(t.completionTokens * scale * samples),
      costUsd: t.costUsd * scale * samples,
    };
  });
  const sum = (key: 'items' | 'calls' | 'cachedCalls' | 'promptTokens' | 'completionTokens' | 'costUsd') =>
    perMetric.reduce((n, m) => n + m[key], 0);
  // Calls counts requests to send (cached ones excluded); tokens of those requests.
  const rateLimitedMs = offline ? null : rateLimitedDuration(sum('calls'), sum('promptTokens') + sum('completionTokens'), limits);
  return {
    judgeKind: judge.judgeKind,
    judgeModel: judge.judgeModel,
    conversations: counts.conversations,
    sampledConversations: sampled,
    items: sum('items'),
    metrics: perMetric.map(({ metric, items, calls, cachedCalls }) => ({ metric, items, calls, cachedCalls })),
    calls: sum('calls'),
    cachedCalls: sum('cachedCalls'),
    // The offline judge sends nothing anywhere: no tokens, no cost.
    promptTokens: offline ? 0 : sum('promptTokens'),
    completionTokens: offline ? 0 : sum('completionTokens'),
    costUsd: offline ? 0 : sum('costUsd'),
    priced: offline || findModelPrice(judge.judgeModel) !== null,
    rateLimitedMs,
    rpm: offline ? null : limits.rpm,
    tpm: offline ? null : limits.tpm,
  };
}
