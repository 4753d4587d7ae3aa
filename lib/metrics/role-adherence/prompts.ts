import type { ChatMessage } from '../../judge/types';
import type { StepInput } from '../../judge/steps';
import { buildPrompt } from '../shared/prompt-format';

export function buildRoleVerdictsPrompt(input: StepInput<'role_adherence.verdicts'>): ChatMessage[] {
  return buildPrompt({
    task: 'You judge, for each assistant message of a conversation, whether it adheres to the chatbot role it was given.',
    rules: [
      '"turns" is the conversation, each message numbered by "turn" from 1; read all of it before judging.',
      'Judge each assistant message on its own against "chatbotRole", with the messages before it as context: a message that breaks character (its persona, tone, knowledge or limits) is "no"; one that stays in the role is "yes".',
      'A later message never changes the verdict of an earlier one; a single out-of-character message does not make the others "no".',
      'Give one verdict for every assistant message, keyed by its turn number; user messages get none.',
      'The reason quotes what breaks (or keeps) the role and refers to the role; refer to a message by its turn number.',
    ],
    input,
    answer: '{ "verdicts": { "<turn number of an assistant message>": { "verdict": "yes" | "no", "reason": "<why>" } } }',
  });
}
