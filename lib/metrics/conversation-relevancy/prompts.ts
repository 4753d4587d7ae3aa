import type { ChatMessage } from '../../judge/types';
import type { StepInput } from '../../judge/steps';
import { buildPrompt } from '../shared/prompt-format';

export function buildRelevancePrompt(input: StepInput<'conversation_relevancy.relevance'>): ChatMessage[] {
  return buildPrompt({
    task: "You judge whether a chatbot's latest reply is relevant to the user's latest message.",
    rules: [
      '"window" is the recent conversation, for context; judge only "assistantMessage" as a reply to "userMessage".',
      'The verdict is "no" only when the reply is irrelevant: it ignores the message, answers something else, or changes the subject without cause.',
      'A reply that is relevant but incomplete, vague or unhelpful is still "yes"; a vague or friendly reply to a greeting or small talk is "yes".',
      'Asking a relevant follow-up question is "yes".',
      'The reason says briefly what the reply does with the message.',
    ],
    input,
    answer: '{ "verdict": "yes" | "no", "reason": "<why>" }',
  });
}
