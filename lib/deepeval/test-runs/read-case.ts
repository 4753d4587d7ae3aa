import type { Conversation } from '../../domain';
import { conversationHasher } from '../dataset-versions/content-hash';
import type { ConversationalCase, SingleCase } from './schema';
import { conversationOfCase, conversationOfSingleCase } from './to-conversation';
import { resultsOfCase, type CaseResult } from './to-results';

export type CaseKind = 'conversational' | 'single';

/** A test case as the run stores it: its conversation and its metric results. */
export interface ReadCase {
  conversation: Conversation;
  results: CaseResult[];
}

/** What a metric of a case tells the run's settings: its threshold, strict mode and options, deepeval's name for it and its judge. */
export interface CaseMetric {
  metric: string;
  threshold: number;
  strictMode: boolean;
  windowSize?: number;
  name: string;
  judge?: string;
}

/**
 * A checked test case read into its conversation (with the chatbot role its role adherence log
 * names, which deepeval's client does not send with the case) and its results.
 */
export function readCase(kind: CaseKind, c: ConversationalCase | SingleCase): ReadCase {
  if (kind === 'single') {
    const conversation = conversationOfSingleCase(c as SingleCase);
    return { conversation, results: resultsOfCase(c.metricsData ?? [], conversation.turns, true).results };
  }
  const conversation = conversationOfCase(c as ConversationalCase);
  const { results, chatbotRole } = resultsOfCase(c.metricsData ?? [], conversation.turns, false);
  if (chatbotRole && !conversation.chatbotRole) conversation.chatbotRole = chatbotRole;
  return { conversation, results };
}

/** What is kept with a case when it arrives, so that storing the run reads the bodies only to store them: its conversation's hash and its metrics. */
export function caseSummary(read: ReadCase): { hash: string; metrics: CaseMetric[] } {
  const hasher = conversationHasher();
  hasher.add(read.conversation);
  return {
    hash: hasher.digest(),
    metrics: read.results.map((r) => ({
      metric: r.metric,
      threshold: r.threshold,
      strictMode: r.strictMode,
      ...(r.options?.windowSize !== undefined ? { windowSize: r.options.windowSize } : {}),
      name: r.details.sourceMetric ?? r.metric,
      ...(r.details.judge ? { judge: r.details.judge } : {}),
    })),
  };
}
