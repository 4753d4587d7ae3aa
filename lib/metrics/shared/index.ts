export { segmentExchanges, assistantTurnsOf, exchangeMessages, type Exchange } from './exchanges';
export { windowFor, slidingWindows } from './windows';
export { runAll } from './concurrency';
export { createMetricContext, type MetricContext } from './context';
export { runStep, type StepCall } from './run-step';
export { runMetric, type PipelineOutcome, type RunMetricConfig } from './run-metric';
export {
  sharedMetricOptionsSchema,
  stepTemplatesSchema,
  parseMetricOptions,
  type SharedMetricOptions,
  type StepTemplate,
  type StepTemplates,
} from './options';
export { applyStrictMode, effectiveThreshold, isSuccess, fraction, mean, roundTo2 } from './threshold';
export { buildPrompt, jsonBlock } from './prompt-format';
export type { ConversationMetric } from './metric';
export { parseConversation } from './parse-conversation';
export { toStepMessages, isBlank, distinctNonBlank } from './messages';
export { checkOnePerItem, byIndex } from './checks';
