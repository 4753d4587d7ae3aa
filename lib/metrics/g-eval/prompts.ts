import type { StepInput } from '../../judge/steps';
import type { GEvalTurn } from './steps';
import type { ChatMessage } from '../../judge/types';
import type { Conversation } from '../../domain/conversation';
import { CONVERSATION_FIELDS, type GEvalField } from './definition';

/*
 * The judge's prompts, worded as deepeval's GEval and ConversationalGEval templates word them
 * (templates/generate_evaluation_steps.txt and generate_evaluation_results.txt). Each renders
 * its step's input, which holds only the fields the metric names.
 */

const user = (content: string): ChatMessage[] => [{ role: 'user', content }];

/** "1. First step\n2. Second step\n" (deepeval's number_evaluation_steps). */
export const numberSteps = (steps: readonly string[]): string => steps.map((s, i) => `${i + 1}. ${s}\n`).join('');

/** Every turn with the fields the metric names, numbered from 1 as every page numbers turns. */
export function gEvalTurns(conversation: Conversation, fields: readonly GEvalField[]): GEvalTurn[] {
  return conversation.turns.map((turn, index) => {
    const out: GEvalTurn = { turn: index + 1 };
    for (const field of fields) {
      if (field === 'content') out.content = turn.content;
      else if (field === 'role') out.role = turn.role;
      else if (field === 'retrieval_context' && turn.retrievalContext) out.retrieval_context = turn.retrievalContext;
      else if (field === 'expected_output' && turn.expectedOutput) out.expected_output = turn.expectedOutput;
      else if (field === 'tools_called' && turn.toolsCalled) out.tools_called = turn.toolsCalled;
    }
    return out;
  });
}

const CONVERSATION_LABELS: Partial<Record<GEvalField, string>> = { scenario: 'Scenario', expected_outcome: 'Expected Outcome', chatbot_role: 'Chatbot Role' };

/** The conversation-level fields the metric names (deepeval's construct_non_turns_test_case_string). */
export function conversationFieldsText(conversation: Conversation, fields: readonly GEvalField[]): string {
  const values: Partial<Record<GEvalField, string | undefined>> = {
    scenario: conversation.scenario,
    expected_outcome: conversation.expectedOutcome,
    chatbot_role: conversation.chatbotRole,
  };
  const body = fields
    .filter((f) => CONVERSATION_FIELDS.has(f) && values[f])
    .map((f) => `${CONVERSATION_LABELS[f]}:\n${values[f]} \n\n`)
    .join('');
  return body ? `Conversation-level fields:\n${body}` : '';
}

/** One call, once per metric version: the criteria turned into 3–4 evaluation steps. */
export function buildStepsPrompt(input: StepInput<'g_eval.steps'>): ChatMessage[] {
  const p = input.parameters;
  const intro =
    input.scope === 'conversation'
      ? `Given an evaluation criteria which outlines how you should judge a conversation between a user and an LLM chatbot using the ${p} fields, generate 3-4 concise evaluation steps based on the criteria below.

Note that ${p} can include both turn-level fields (e.g. content, role, retrieval_context, tools_called) and conversation-level fields (e.g. scenario, expected_outcome, chatbot_role). Evaluate each field at its correct scope: turn-level fields appear once per turn, while conversation-level fields apply to the conversation as a whole and should NOT be expected to repeat on every turn.

Based on the evaluation criteria, you MUST make it clear how to evaluate the ${p} together to assess both each turn and the overall quality of the conversation.`
      : `Given an evaluation criteria which outlines how you should judge the ${p}, generate 3-4 concise evaluation steps based on the criteria below. You MUST make it clear how to evaluate ${p} in relation to one another.`;
  return user(`${intro}

Evaluation Criteria:
${input.criteria}

**
IMPORTANT: Please make sure to only return in JSON format, with the "steps" key as a list of strings. No words or explanation is needed.
Example JSON:
{
  "steps": <list_of_strings>
}
**

JSON:`);
}

/** The conversation judged as a whole: 0–10, a reason, and (ours) the assistant turns that cost points. */
export function buildConversationResultsPrompt(input: StepInput<'g_eval.conversation'>): ChatMessage[] {
  const rubric = input.rubric;
  return user(`You are given a set of ${rubric ? 'Evaluation Steps and Rubric' : 'Evaluation Steps'} that describe how to assess a conversation between a user and an LLM chatbot. Your task is to return a JSON object with exactly three fields:

1. \`"score"\`: An integer from 0 to 10 (inclusive), where:
- 10 = The conversation *fully* meets the criteria described in the Evaluation Steps
- 0 = The conversation *completely fails* to meet the criteria
- All other scores represent varying degrees of partial fulfillment,
${rubric ? 'based on how well the conversation follows the rubric and evaluation steps' : 'based on how well the conversation follows the evaluation steps'}.

2. \`"reason"\`: A **concise but precise** explanation for the score. ${rubric ? 'Your reasoning must reference specific aspects of both the rubric and the evaluation steps,' : 'Your reasoning must reference specific aspects of the evaluation steps,'} and mention relevant details from the conversation and the given parameters. DO NOT include the score value in your explanation.

3. \`"turns"\`: The assistant turns that cost points, each as \`{ "turn": <its "turn" number>, "reason": "<what is wrong in it>" }\`; an empty list when none did.

Evaluation Steps:
${numberSteps(input.steps)}
${rubric ? `Rubric:\n${rubric}\n\n` : ''}Per-turn fields:
${JSON.stringify(input.turns, null, 2)}

${input.conversationFields}
Parameters to consider during evaluation:
${input.parameters}

Note: the "Per-turn fields" block lists each turn separately, while the "Conversation-level fields" block applies to the whole conversation. Do not penalize individual turns for missing conversation-level fields.

---
IMPORTANT: You MUST return only a valid JSON object with the exact keys \`"score"\`, \`"reason"\` and \`"turns"\`. No additional text, commentary, or formatting.

---
Example JSON:
{
  "score": 0,
  "reason": "Your concise and informative reason here.",
  "turns": []
}

JSON:`);
}

/** One assistant turn judged with the earlier turns of its window as context (GEval's template, the turn as the test case). */
export function buildTurnResultsPrompt(input: StepInput<'g_eval.turn'>): ChatMessage[] {
  const { rubric } = input;
  const [low, high] = input.range;
  const testCase = `${input.context.length ? `Earlier turns (context only):\n${JSON.stringify(input.context, null, 2)}\n\n` : ''}Turn to evaluate:\n${JSON.stringify(input.turn, null, 2)}\n\n${input.conversationFields}`;
  return user(`You are an evaluator. Given the following ${rubric ? 'evaluation steps and rubric' : 'evaluation steps'}, assess the response below and return a JSON object with two fields:

- \`"score"\`: an integer between ${low} and ${high}, ${rubric ? 'based on the rubric provided' : `with ${high} indicating strong alignment with the evaluation steps and ${low} indicating no alignment`}.
- \`"reason"\`: a brief explanation for why the score was given. This must mention specific strengths or shortcomings, referencing relevant details from the input. Do **not** quote the score itself in the explanation.

Your explanation should:
- ${rubric ? 'Be specific and grounded in the evaluation steps and rubric.' : 'Be specific and grounded in the evaluation steps.'}
- Mention key details from the test case parameters.
- Be concise, clear, and focused on the evaluation logic.

Only return valid JSON. Do **not** include any extra commentary or text.

---

Evaluation Steps:
${numberSteps(input.steps)}
${rubric ? `Rubric:\n${rubric}\n\n` : ''}Test Case:
${testCase}
Parameters:
${input.parameters}

---
**Example JSON:**
{
  "reason": "your concise and informative reason here",
  "score": ${low}
}

JSON:`);
}
