import type { ChatMessage } from '../../judge/types';
import type { Conversation, Turn } from '../types';
import { CONVERSATION_FIELDS, fieldsPhrase, type GEvalDefinition, type GEvalField } from './definition';
import { formatRubric, numberSteps, scoreRange } from './score';

/*
 * The judge's prompts, worded as deepeval's GEval and ConversationalGEval templates word them
 * (templates/generate_evaluation_steps.txt and generate_evaluation_results.txt), with the fields
 * this metric names and nothing else.
 */

const user = (content: string): ChatMessage[] => [{ role: 'user', content }];

/** One call, once per metric version: the criteria turned into 3–4 evaluation steps. */
export function buildStepsPrompt(definition: Pick<GEvalDefinition, 'criteria' | 'fields' | 'scope'>): ChatMessage[] {
  const parameters = fieldsPhrase(definition.fields);
  const intro =
    definition.scope === 'conversation'
      ? `Given an evaluation criteria which outlines how you should judge a conversation between a user and an LLM chatbot using the ${parameters} fields, generate 3-4 concise evaluation steps based on the criteria below.

Note that ${parameters} can include both turn-level fields (e.g. content, role, retrieval_context, tools_called) and conversation-level fields (e.g. scenario, expected_outcome, chatbot_role). Evaluate each field at its correct scope: turn-level fields appear once per turn, while conversation-level fields apply to the conversation as a whole and should NOT be expected to repeat on every turn.

Based on the evaluation criteria, you MUST make it clear how to evaluate the ${parameters} together to assess both each turn and the overall quality of the conversation.`
      : `Given an evaluation criteria which outlines how you should judge the ${parameters}, generate 3-4 concise evaluation steps based on the criteria below. You MUST make it clear how to evaluate ${parameters} in relation to one another.`;
  return user(`${intro}

Evaluation Criteria:
${definition.criteria ?? ''}

**
IMPORTANT: Please make sure to only return in JSON format, with the "steps" key as a list of strings. No words or explanation is needed.
Example JSON:
{
  "steps": <list_of_strings>
}
**

JSON:`);
}

/** A turn's fields the metric names, numbered from 1 as every page numbers turns. */
function turnFields(turn: Turn, index: number, fields: readonly GEvalField[]): Record<string, unknown> {
  const out: Record<string, unknown> = { turn: index + 1 };
  for (const field of fields) {
    if (field === 'content') out.content = turn.content;
    else if (field === 'role') out.role = turn.role;
    else if (field === 'retrieval_context' && turn.retrievalContext) out.retrieval_context = turn.retrievalContext;
    else if (field === 'expected_output' && turn.expectedOutput) out.expected_output = turn.expectedOutput;
    else if (field === 'tools_called' && turn.toolsCalled) out.tools_called = turn.toolsCalled;
  }
  return out;
}

/** The conversation-level fields the metric names (scenario, expected outcome, chatbot role). */
function conversationFields(conversation: Conversation, fields: readonly GEvalField[]): string {
  const values: Partial<Record<GEvalField, string | undefined>> = {
    scenario: conversation.scenario,
    expected_outcome: conversation.expectedOutcome,
    chatbot_role: conversation.chatbotRole,
  };
  const body = fields
    .filter((f) => CONVERSATION_FIELDS.has(f) && values[f])
    .map((f) => `${f === 'scenario' ? 'Scenario' : f === 'expected_outcome' ? 'Expected Outcome' : 'Chatbot Role'}:\n${values[f]} \n\n`)
    .join('');
  return body ? `Conversation-level fields:\n${body}` : '';
}

/**
 * The conversation judged as a whole: a score from 0 to 10 and a reason, and (ours) the turns
 * that cost points, so that the verdict map can show where.
 */
export function buildConversationResultsPrompt(definition: GEvalDefinition, steps: readonly string[], conversation: Conversation): ChatMessage[] {
  const rubric = definition.rubric?.length ? formatRubric(definition.rubric) : null;
  const turns = conversation.turns.map((t, i) => turnFields(t, i, definition.fields));
  return user(`You are given a set of ${rubric ? 'Evaluation Steps and Rubric' : 'Evaluation Steps'} that describe how to assess a conversation between a user and an LLM chatbot. Your task is to return a JSON object with exactly three fields:

1. \`"score"\`: An integer from 0 to 10 (inclusive), where:
- 10 = The conversation *fully* meets the criteria described in the Evaluation Steps
- 0 = The conversation *completely fails* to meet the criteria
- All other scores represent varying degrees of partial fulfillment,
${rubric ? 'based on how well the conversation follows the rubric and evaluation steps' : 'based on how well the conversation follows the evaluation steps'}.

2. \`"reason"\`: A **concise but precise** explanation for the score. ${rubric ? 'Your reasoning must reference specific aspects of both the rubric and the evaluation steps,' : 'Your reasoning must reference specific aspects of the evaluation steps,'} and mention relevant details from the conversation and the given parameters. DO NOT include the score value in your explanation.

3. \`"turns"\`: The assistant turns that cost points, each as \`{ "turn": <its "turn" number>, "reason": "<what is wrong in it>" }\`; an empty list when none did.

Evaluation Steps:
${numberSteps(steps)}
${rubric ? `Rubric:\n${rubric}\n\n` : ''}Per-turn fields:
${JSON.stringify(turns, null, 2)}

${conversationFields(conversation, definition.fields)}
Parameters to consider during evaluation:
${fieldsPhrase(definition.fields)}

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

/**
 * One assistant turn judged with the turns of its window before it as context (GEval's template,
 * the turn as the test case): a score on the rubric's range (0–10 without one) and a reason.
 */
export function buildTurnResultsPrompt(definition: GEvalDefinition, steps: readonly string[], conversation: Conversation, window: readonly number[], turn: number): ChatMessage[] {
  const rubric = definition.rubric?.length ? formatRubric(definition.rubric) : null;
  const [low, high] = scoreRange(definition.rubric);
  const context = window.filter((i) => i !== turn).map((i) => turnFields(conversation.turns[i], i, definition.fields));
  const judged = turnFields(conversation.turns[turn], turn, definition.fields);
  const testCase = `${context.length ? `Earlier turns (context only):\n${JSON.stringify(context, null, 2)}\n\n` : ''}Turn to evaluate:\n${JSON.stringify(judged, null, 2)}\n\n${conversationFields(conversation, definition.fields)}`;
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
${numberSteps(steps)}
${rubric ? `Rubric:\n${rubric}\n\n` : ''}Test Case:
${testCase}
Parameters:
${fieldsPhrase(definition.fields)}

---
**Example JSON:**
{
  "reason": "your concise and informative reason here",
  "score": ${low}
}

JSON:`);
}
