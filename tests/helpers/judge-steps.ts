import type { z } from 'zod';
import { replySchemaOf, type JudgeStepContracts, type StepContract, type StepInput, type StepName, type StepOutput, type StepRules } from '@/lib/judge/steps';
import { judgeSteps as metricSteps } from '@/lib/metrics/registry';
import { replaySteps } from '@/lib/replay/steps/replay-steps';

/**
 * Every judge step there is, for the tests that go through them all: the metrics' (the metric
 * registry) and the replays' (lib/replay/steps), which live apart in the code.
 */
export const judgeSteps = { ...metricSteps, ...replaySteps } as {
  readonly [S in StepName]: JudgeStepContracts[S] & StepRules<StepInput<S>, StepOutput<S>>;
};

/** The schema a reply to this input must fit, for any step. */
export const stepReplySchema = <S extends StepName>(step: S, input: StepInput<S>): z.ZodType<StepOutput<S>> => replySchemaOf(judgeSteps[step] as StepContract, input) as z.ZodType<StepOutput<S>>;
