import 'server-only';
import { getDb } from '../../db/client';
import { listJudgeCacheEntries, type JudgeCacheEntryView } from '../../db/queries/conversations/list-judge-cache-entries';
import type { RunConversationResult } from './load-run-conversation';

/** The metric results panel's judge exchanges: the cache entries behind the results' judge calls. */
export const loadResultJudgeCache = (results: readonly RunConversationResult[]): Promise<Map<string, JudgeCacheEntryView>> =>
  listJudgeCacheEntries(
    getDb(),
    results.flatMap((r) => r.calls.map((c) => c.cacheKey)),
  );
