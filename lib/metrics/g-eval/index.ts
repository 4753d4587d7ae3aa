import { z } from 'zod';
import { AppError } from '../../errors';
import type { StepInput } from '../../judge/steps';
import type { Judge } from '../../judge/types';
import type { NamedMetricResult } from '../../domain/metric-result';
import { runAll } from '../shared/concurrency';
import { createMetricContext, type MetricContext } from '../shared/context';
import { segmentExchanges } from '../shared/exchanges';
import { parseMetricOptions, refuseUnknownTemplates, sharedMetricOptionsSchema } from '../shared/options';
import { reasonSteps } from '../shared/reason-step';
import { parseConversation } from '../shared/parse-conversation';
import { runMetric, type PipelineOutcome } from '../shared/run-metric';
import { runStep, runStepReply } from '../shared/run-step';
import { applyStrictMode, effectiveThreshold } from '../shared/threshold';
import { judgeUnit, requireTurns, turnLabel } from '../shared/units';
import { windowFor } from '../shared/windows';
import type { Conversation } from '../../domain/conversation';
import { fieldsPhrase, gEvalDefinitionSchema, type GEvalDefinition, type GEvalDefinitionInput } from './definition';
import { buildConversationResultsPrompt, buildStepsPrompt, buildTurnResultsPrompt, conversationFieldsText, gEvalTurns } from './prompts';
import { formatRubric, normaliseScore, scoreRange, weightedScore } from './score';
import { gEvalSteps } from './steps';

export { gEvalDefinitionSchema, type GEvalDefinition, type GEvalDefinitionInput } from './definition';
export { weightedScore } from './score';

/** How a G-Eval metric runs (the definition says what it judges). */
export const gEvalRunOptionsSchema = sharedMetricOptionsSchema.pick({ model: true, includeReason: true, asyncMode: true, verboseMode: true, templates: true }).extend({
  /** Alternatives asked per token for the probability-weighted score (deepeval's top_logprobs, 20). */
  topLogprobs: z.number().int().min(1).max(20).default(20),
});
export type GEvalRunOptions = z.input<typeof gEvalRunOptionsSchema>;

/** What a G-Eval class takes: the definition (its scope is the class's) and how to run it. */
export type GEvalMetricInput = Omit<GEvalDefinitionInput, 'scope'> & GEvalRunOptions;
const RUN_KEYS = new Set(Object.keys(gEvalRunOptionsSchema.shape));

/** A definition checked, or BAD_INPUT naming its field. */
export function checkDefinition(input: GEvalDefinitionInput): GEvalDefinition {
  const parsed = gEvalDefinitionSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue.path.map(String).join('.');
  throw new AppError('BAD_INPUT', `${field ? `${field}: ` : ''}${issue.message}`, { field: field || 'definition' });
}

/**
 * What both scopes share: the definition, and its evaluation steps, written once by the judge
 * from the criteria unless the definition lists them (the first measurement pays that call).
 */
abstract class GEvalMetric {
  readonly name: string;
  readonly definition: GEvalDefinition;
  protected readonly options: z.output<typeof gEvalRunOptionsSchema>;
  private steps: Promise<string[]> | null;

  constructor(
    protected readonly judge: Judge,
    input: GEvalMetricInput,
    scope: GEvalDefinition['scope'],
  ) {
    const entries = Object.entries(input ?? {});
    this.definition = checkDefinition({ ...Object.fromEntries(entries.filter(([k]) => !RUN_KEYS.has(k))), scope } as GEvalDefinitionInput);
    this.name = this.definition.name;
    this.options = parseMetricOptions(gEvalRunOptionsSchema, Object.fromEntries(entries.filter(([k]) => RUN_KEYS.has(k))));
    refuseUnknownTemplates(this.options.templates, this.name, { ...gEvalSteps, ...reasonSteps });
    this.steps = this.definition.evaluationSteps ? Promise.resolve(this.definition.evaluationSteps) : null;
  }

  /** The evaluation steps this metric judges by (stored with the metric version). */
  evaluationSteps(ctx?: MetricContext): Promise<string[]> {
    if (!this.steps) {
      if (!ctx) throw new AppError('BAD_INPUT', 'The evaluation steps are written by the judge during a measurement.');
      this.steps = runStep(ctx, {
        step: 'g_eval.steps',
        input: { criteria: this.definition.criteria ?? '', parameters: fieldsPhrase(this.definition.fields), scope: this.definition.scope },
        prompt: buildStepsPrompt,
      }).then((o) => {
        // A judge that writes no step (a reply the schema allows) leaves the criteria as the one step.
        const steps = o.steps.filter((step) => step.trim() !== '');
        return steps.length > 0 ? steps : [this.definition.criteria ?? ''];
      });
      // A failed attempt is not kept: the next measurement asks again.
      this.steps.catch(() => (this.steps = null));
    }
    return this.steps;
  }

  /** The evaluation steps, written by the judge now (one call) when the definition lists none. */
  prepareSteps(): Promise<string[]> {
    return this.evaluationSteps(createMetricContext(this.name, this.judge, this.runOptions(), gEvalSteps));
  }

  protected runOptions() {
    return { ...this.options, threshold: this.definition.threshold, strictMode: this.definition.strictMode };
  }

  protected common(steps: string[], conversation: Conversation): Omit<StepInput<'g_eval.conversation'>, 'turns'> {
    return {
      steps,
      rubric: this.definition.rubric?.length ? formatRubric(this.definition.rubric) : null,
      parameters: fieldsPhrase(this.definition.fields),
      conversationFields: conversationFieldsText(conversation, this.definition.fields),
    };
  }

  protected weigh(score: number, logprobs: Parameters<typeof weightedScore>[1] | undefined): { value: number; weighted: boolean } {
    // deepeval keeps the integer in strict mode.
    const weighted = this.definition.strictMode || !logprobs ? null : weightedScore(score, logprobs);
    return weighted === null ? { value: score, weighted: false } : { value: weighted, weighted: true };
  }
}

/** One judgement of the whole conversation against custom criteria (deepeval's ConversationalGEval). */
export class ConversationalGEval extends GEvalMetric {
  constructor(judge: Judge, input?: GEvalMetricInput) {
    super(judge, input ?? ({} as GEvalMetricInput), 'conversation');
  }

  async measure(conversation: Conversation): Promise<NamedMetricResult<string>> {
    const parsed = parseConversation(conversation);
    let judgedReason: string | null = null;
    const options = { ...this.runOptions(), includeReason: false };
    const result = await runMetric(this.name, this.judge, options, gEvalSteps, async (ctx): Promise<PipelineOutcome> => {
      requireTurns(parsed);
      const steps = await this.evaluationSteps(ctx);
      ctx.steps.evaluationSteps = steps;
      const { output, logprobs } = await runStepReply(ctx, {
        step: 'g_eval.conversation',
        input: { ...this.common(steps, parsed), turns: gEvalTurns(parsed, this.definition.fields) },
        prompt: buildConversationResultsPrompt,
        ...(this.definition.strictMode ? {} : { topLogprobs: this.options.topLogprobs }),
      });
      const { value, weighted } = this.weigh(output.score, logprobs);
      judgedReason = output.reason;
      ctx.steps.judgement = { score: output.score, ...(weighted ? { weightedScore: value } : {}), reason: output.reason, turns: output.turns };
      // The turns the judge named cost the points; the other assistant turns passed.
      const named = new Map(output.turns.filter((t) => parsed.turns[t.turn - 1]?.role === 'assistant').map((t) => [t.turn - 1, t.reason]));
      parsed.turns.forEach((turn, i) => {
        if (turn.role !== 'assistant') return;
        const reason = named.get(i);
        ctx.verdicts.push(reason === undefined ? { turn: i, verdict: 'yes', reason: 'The judge did not name this turn as costing points.' } : { turn: i, verdict: 'no', reason });
      });
      // deepeval's ConversationalGEval divides by 10 whatever the rubric.
      return { score: value / 10, failing: [output.reason], all: [output.reason], emptyNote: '' };
    });
    return { ...result, reason: result.error === null && this.options.includeReason ? judgedReason : null };
  }
}

/** Each assistant turn judged against custom criteria with its window as context; the score is their mean. */
export class TurnGEval extends GEvalMetric {
  constructor(judge: Judge, input?: GEvalMetricInput) {
    super(judge, input ?? ({} as GEvalMetricInput), 'turn');
  }

  async measure(conversation: Conversation): Promise<NamedMetricResult<string>> {
    const parsed = parseConversation(conversation);
    const range = scoreRange(this.definition.rubric);
    const threshold = effectiveThreshold(this.definition.threshold, this.definition.strictMode);
    return runMetric(this.name, this.judge, this.runOptions(), gEvalSteps, async (ctx): Promise<PipelineOutcome> => {
      requireTurns(parsed);
      const steps = await this.evaluationSteps(ctx);
      ctx.steps.evaluationSteps = steps;
      const turns = gEvalTurns(parsed, this.definition.fields);
      const exchanges = segmentExchanges(parsed.turns);
      const judged: { turn: number; score: number; reason: string; weighted: boolean }[] = [];
      ctx.steps.turns = judged;
      await runAll(
        exchanges.flatMap((exchange, i) =>
          exchange.replyTurns.map((turn) => async () => {
            const window = windowFor(exchanges, i, this.definition.windowSize).flatMap((e) => e.turns).filter((t) => t < turn);
            await judgeUnit(ctx, turn, 'the turn', async () => {
              const { output, logprobs } = await runStepReply(ctx, {
                step: 'g_eval.turn',
                input: { ...this.common(steps, parsed), range, context: window.map((t) => turns[t]), turn: turns[turn] },
                prompt: buildTurnResultsPrompt,
                ...(this.definition.strictMode ? {} : { topLogprobs: this.options.topLogprobs }),
              });
              const { value, weighted } = this.weigh(output.score, logprobs);
              const score = normaliseScore(value, range);
              judged.push({ turn, score, reason: output.reason, weighted });
              ctx.verdicts.push({ turn, verdict: score >= threshold ? 'yes' : 'no', score, reason: output.reason });
            });
          }),
        ),
        this.options.asyncMode,
      );
      judged.sort((a, b) => a.turn - b.turn);
      // Strict mode binarises each turn (deepeval's strict per unit); the mean is not binarised again.
      const scores = judged.map((j) => applyStrictMode(j.score, this.definition.strictMode));
      return {
        score: scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : 0,
        failing: judged.filter((j) => j.score < threshold).map((j) => `${turnLabel(j.turn)}: ${j.reason}`),
        all: judged.map((j) => `${turnLabel(j.turn)}: ${j.reason}`),
        emptyNote: 'The conversation has no assistant reply to a user message, so nothing was judged.',
        strictPerUnit: true,
      };
    });
  }
}

/** The metric a checked definition describes, of its scope's class. */
export function createGEvalMetric(definition: GEvalDefinition, judge: Judge, runOptions: GEvalRunOptions = {}): ConversationalGEval | TurnGEval {
  const { scope, ...rest } = definition;
  return scope === 'turn' ? new TurnGEval(judge, { ...rest, ...runOptions }) : new ConversationalGEval(judge, { ...rest, ...runOptions });
}
