import type { ChatMessage } from '../../judge/types';
import type { StepInput } from '../../judge/steps';
import { buildPrompt } from '../shared/prompt-format';

export function buildIntentionsPrompt(input: StepInput<'conversation_completeness.intentions'>): ChatMessage[] {
  return buildPrompt({
    task: 'You extract every intention the user has in a conversation with an assistant.',
    rules: [
      '"turns" is the conversation, each message numbered by "turn" from 1.',
      'Consider the overall intention of what the user asks for or wants to do, not the specifics.',
      'When the user has several separate tasks, give each as its own intention; do not merge them into one.',
      'Give each intention with the number of the user message that first raised it.',
      'Greetings and small talk with no request are not intentions. Return an empty list when the user wants nothing.',
    ],
    input,
    answer: '{ "intentions": [ { "intention": "<the user wants …>", "turn": <number of the user message that raised it> } ] }',
  });
}

export function buildCompletenessVerdictPrompt(input: StepInput<'conversation_completeness.verdict'>): ChatMessage[] {
  return buildPrompt({
    task: "You judge whether one of the user's intentions was satisfied by the assistant in a conversation.",
    rules: [
      '"turns" is the whole conversation, each message numbered by "turn" from 1; read all of it before judging.',
      'The verdict is "no" only when the assistant failed to satisfy "intention": it refused, ignored it, answered something else or left it unfinished.',
      'When the verdict is "no", the reason quotes the assistant replies that fall short and names their turn numbers; when "yes", say briefly where it was satisfied.',
    ],
    input,
    answer: '{ "verdict": "yes" | "no", "reason": "<why>" }',
  });
}
