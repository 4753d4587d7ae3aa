/*
 * The shared domain: what a conversation, a turn, a verdict and a metric result are. Every
 * part (datasets, metrics, judges, runs, the database's mapping) speaks these types; this
 * folder imports none of those parts.
 */
export { conversationSchema, turnSchema, type Conversation, type Turn } from './conversation';
export type { JudgeCallRecord, MetricResult } from './metric-result';
export { emptyUsage, type Usage } from './usage';
export { parseTurnVerdictValue, reviewVerdictSchema, TURN_VERDICT_VALUES, turnVerdictValueSchema, type TurnVerdict, type TurnVerdictValue, type Verdict } from './verdict';
export type { RunMetricStats } from './run-metric-stats';
export { parseRunSummary, type MetricSummary, type RunSummary } from './run-summary';
export { isLiveRun, LIVE_RUN_STATUSES, RUN_STATUSES, MAX_PROGRESS_IDS, progressIdsSchema, toRunProgressSnapshot, type RunProgressSnapshot } from './run-progress';
export { conversationLimitIssues, DEFAULT_CONVERSATION_LIMITS, FIELD_LIMITS, jsonLengthOver, tooLongMessage, type ConversationLimits, type LimitIssue } from './conversation-limits';
export { describeValue, describingTextIssue, toolCallIssue } from './conversation-fields';
