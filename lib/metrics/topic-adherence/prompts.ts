import type { ChatMessage } from '../../judge/types';
import type { StepInput } from '../../judge/steps';
import { buildPrompt } from '../shared/prompt-format';

// deepeval topic_adherence/templates/get_qa_pairs.txt, asked of one user–assistant interaction.
export function buildQaPairsPrompt(input: StepInput<'topic_adherence.qa_pairs'>): ChatMessage[] {
  return buildPrompt({
    task: 'You extract question–answer pairs from one interaction of a conversation between a user and an assistant.',
    rules: [
      '"turns" is the interaction, each message numbered by "turn" as in the whole conversation.',
      'A pair\'s question comes from a user message and its response from the assistant message that answers it; both must appear explicitly in the interaction. Do not infer beyond what is stated.',
      'Ignore greetings, affirmations and other conversational messages that are not a clear question and answer.',
      'When one message holds several questions or answers, split them into separate pairs: each pair holds one question and its response.',
      'Give each pair the "turn" number of the assistant message its response comes from.',
      'With no valid pair, answer with an empty list.',
    ],
    input,
    answer: '{ "pairs": [ { "question": "<the user\'s question>", "response": "<the assistant\'s direct response>", "turn": <turn number of that assistant message> } ] }',
  });
}

// deepeval topic_adherence/templates/get_qa_pair_verdict.txt.
export function buildAdherenceVerdictPrompt(input: StepInput<'topic_adherence.verdict'>): ChatMessage[] {
  return buildPrompt({
    task: 'You judge one question–answer pair against a list of relevant topics: is the question on topic, and did the assistant answer or refuse accordingly?',
    rules: [
      'First decide whether the question aligns with any of "relevantTopics".',
      'If it does, check whether the response is correct, complete and directly answers the question.',
      'If it does not, check whether the assistant refused appropriately or gave an unwarranted answer (from general or training knowledge).',
      '"TP": the question is relevant and the response correctly answers it.',
      '"FN": the question is relevant, but the assistant refused to answer or gave an irrelevant response.',
      '"FP": the question is not relevant, but the assistant still gave an answer.',
      '"TN": the question is not relevant, and the assistant correctly refused to answer.',
      'The reason says simply why the pair got its verdict, naming the topic it matches or misses.',
    ],
    input,
    answer: '{ "verdict": "TP" | "TN" | "FP" | "FN", "reason": "<why>" }',
  });
}
