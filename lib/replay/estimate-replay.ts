import type { Db } from '../db/db-types';
import { listConversationTexts } from '../db/queries/replays/list-chunk-work';
import { estimateCost, estimateTokens, findModelPrice } from '../llm/prices';
import { previewRun, type RunPreview } from '../runs/request/preview-run';
import { evaluateRunRequest } from './lifecycle/evaluate-request';
import type { Principal } from '../identity/principal';
import { checkReplay, parseReplayRequest, urlSetByOf } from './start-replay';

export interface ReplayEstimate {
  conversations: number;
  /** One request per assistant turn and sample (retries not counted). */
  targetCalls: number;
  targetPromptTokens: number;
  /** The recorded replies' length: the new ones are assumed as long. */
  targetCompletionTokens: number;
  /** Null when the target's price is unknown (local models, the user's app). */
  targetCostUsd: number | null;
  /** On-policy: one check per assistant turn followed by a user turn. */
  fitJudgeCalls: number;
  fitJudgeTokens: number;
  /** The evaluation run's own estimate (lib/runs/request/preview-run.ts), on the recorded dataset's shape. */
  evaluation: RunPreview | null;
  /** Target, fit checks and evaluation; null when a part has no known price. */
  costUsd: number | null;
}

const FIT_PROMPT_TOKENS = 180;
const FIT_COMPLETION_TOKENS = 40;
const STEP = 500;

/**
 * What a replay would cost before it starts: target calls and tokens from the recorded text
 * (each turn's history, plus the system prompt, as prompt; the recorded reply as completion),
 * the on-policy fit checks, and the evaluation run's preview. Prices where known.
 */
export async function estimateReplay(db: Db, projectId: string, input: unknown, env: Record<string, string | undefined> = process.env, principal: Principal | null = null): Promise<ReplayEstimate> {
  const request = parseReplayRequest(input);
  const { dataset, judge } = await checkReplay(db, projectId, request, env, urlSetByOf(principal));
  const systemTokens = request.target.kind === 'openai' && request.target.systemPrompt ? estimateTokens(request.target.systemPrompt) : 0;
  let targetCalls = 0;
  let promptTokens = 0;
  let completionTokens = 0;
  let fitCalls = 0;
  let fitTokens = 0;
  for (let from = 0; from < dataset.conversationCount; from += STEP) {
    const rows = await listConversationTexts(db, dataset.id, from, from + STEP);
    for (const { scenario, turns } of rows) {
      if (request.mode === 'simulated-user') {
        // At most: every exchange played, a message as long as the recorded ones on average.
        if (!scenario?.trim()) continue;
        const average = turns.length === 0 ? 50 : Math.ceil(turns.reduce((sum, t) => sum + estimateTokens(t.content), 0) / turns.length);
        let history = estimateTokens(scenario);
        for (let k = 0; k < request.maxTurns; k++) {
          history += average;
          targetCalls++;
          promptTokens += history + systemTokens;
          completionTokens += average;
          history += average;
          if (k < request.maxTurns - 1) {
            fitCalls++;
            fitTokens += FIT_PROMPT_TOKENS + history + FIT_COMPLETION_TOKENS;
          }
        }
        continue;
      }
      let history = 0;
      turns.forEach((turn, i) => {
        const tokens = estimateTokens(turn.content);
        if (turn.role === 'assistant') {
          targetCalls++;
          promptTokens += history + systemTokens;
          completionTokens += tokens;
          if (request.mode === 'on-policy' && turns[i + 1]?.role === 'user') {
            fitCalls++;
            fitTokens += FIT_PROMPT_TOKENS + Math.min(history, 6000) + tokens + FIT_COMPLETION_TOKENS;
          }
        }
        history += tokens;
      });
    }
  }
  // Each sample is the same request again.
  targetCalls *= request.samples;
  promptTokens *= request.samples;
  completionTokens *= request.samples;
  const model = request.target.kind === 'openai' ? request.target.model : null;
  const targetCostUsd = model && findModelPrice(model) ? estimateCost(model, promptTokens, completionTokens) : null;
  const fitModel = judge?.kind === 'openai' ? judge.model : undefined;
  const fitCost = fitCalls === 0 ? 0 : fitModel && findModelPrice(fitModel) ? estimateCost(fitModel, fitTokens, 0) : null;
  const evaluation = request.evaluate
    ? await previewRun(db, projectId, await evaluateRunRequest(db, projectId, request.evaluate, dataset.id, dataset.id, request.modelVersion), env)
    : null;
  const parts = [targetCostUsd, fitCost, evaluation ? (evaluation.priced ? evaluation.costUsd : null) : 0];
  return {
    conversations: dataset.conversationCount,
    targetCalls,
    targetPromptTokens: promptTokens,
    targetCompletionTokens: completionTokens,
    targetCostUsd,
    fitJudgeCalls: fitCalls,
    fitJudgeTokens: fitTokens,
    evaluation,
    costUsd: parts.every((p) => p !== null) ? parts.reduce<number>((a, b) => a + (b ?? 0), 0) : null,
  };
}
