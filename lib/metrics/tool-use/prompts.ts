import type { ChatMessage } from '../../judge/types';
import type { StepInput } from '../../judge/steps';
import { buildPrompt } from '../shared/prompt-format';

const INPUT = '"userMessages" is what the user asked in this interaction; "assistantMessages" are the assistant\'s replies; "toolsCalled" the tools those replies called (with their arguments as "input_parameters"); "availableTools" every tool the assistant could have called.';

const SCALE =
  'Score on the scale 1 (perfect), 0.75 (mostly correct, a minor flaw), 0.5 (mixed: some right, key parts wrong or missing), 0.25 (poor), 0 (irrelevant, random or unjustified). When uncertain, assume it was not right and choose the lower score.';

// After deepeval's templates/get_tool_selection_score.txt.
export function buildSelectionPrompt(input: StepInput<'tool_use.selection'>): ChatMessage[] {
  return buildPrompt({
    task: 'You judge strictly whether an AI agent selected the most appropriate tools for the user\'s task in one interaction, given the tools available. Judge only which tools were chosen, not how they were used or whether they succeeded.',
    rules: [
      INPUT,
      'Relevance: each tool called must directly support the user\'s goal or a clear sub-task of it; a tool unrelated to the goal lowers the score sharply.',
      'Appropriateness: each tool must match its described purpose; if a more suitable available tool was ignored, the score is at most 0.5. A needed tool that was not called counts as a poor selection.',
      'Necessity: every call must be justified; redundant or speculative calls (several tools that overlap) lower the score.',
      SCALE,
      'The reason names, in one to three factual sentences, which tools were appropriate or not, by name.',
    ],
    input,
    answer: '{ "score": 0 | 0.25 | 0.5 | 0.75 | 1, "reason": "<why>" }',
  });
}

// After deepeval's templates/get_argument_correctness_score.txt.
export function buildArgumentsPrompt(input: StepInput<'tool_use.arguments'>): ChatMessage[] {
  return buildPrompt({
    task: 'You judge strictly whether the arguments an AI agent passed to the tools it called in one interaction were correct. Judge only the arguments, not which tools were chosen.',
    rules: [
      INPUT,
      '"expectedTools", when not null, are the calls the assistant should have made, with the arguments expected; compare the arguments given with them.',
      'Relevance: each argument must fit the task and the tool\'s documented input; unrelated, empty or default arguments lower the score sharply.',
      'Completeness: every required parameter must be given; missing or malformed arguments (wrong types, incomplete values) lower the score.',
      'Specificity: arguments carry the task\'s own values, not generic placeholders; an argument that does not clearly come from the user\'s request is taken as incorrect.',
      SCALE,
      'The reason names, in one to three sentences, the parameters or values that are right or wrong.',
    ],
    input,
    answer: '{ "score": 0 | 0.25 | 0.5 | 0.75 | 1, "reason": "<why>" }',
  });
}
