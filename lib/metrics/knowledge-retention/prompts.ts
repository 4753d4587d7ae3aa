import type { ChatMessage } from '../../judge/types';
import type { StepInput } from '../../judge/steps';
import { buildPrompt } from '../shared/prompt-format';

export function buildFactsPrompt(input: StepInput<'knowledge_retention.facts'>): ChatMessage[] {
  return buildPrompt({
    task: 'You extract the facts a user states about themselves or their request in one chat message.',
    rules: [
      'Extract only facts stated explicitly in "message"; "previousTurns" is context to understand it, never a source of facts.',
      'Use short snake_case keys (e.g. "full_name", "account_number") and put each value as written by the user.',
      'A key can hold several values when the user gives several (e.g. two addresses).',
      'If the user corrects an earlier value, extract the corrected value.',
      'Questions, greetings and opinions are not facts. Return an empty list when the message states none.',
    ],
    input,
    answer: '{ "facts": [ { "key": "<snake_case key>", "values": ["<value>", "..."] } ] }',
  });
}

export function buildAttritionPrompt(input: StepInput<'knowledge_retention.attrition'>): ChatMessage[] {
  return buildPrompt({
    task: 'You judge whether an assistant message shows attrition of knowledge the user already gave earlier in the conversation.',
    rules: [
      '"knowledge" lists the facts of each earlier user turn, oldest first; "turn" counts the messages of the conversation from 1. A later entry may correct an earlier one, and then the later value holds.',
      'Attrition is "yes" when "message" forgets that knowledge, contradicts it, or asks again for something already given.',
      'Asking to clarify what the user said is not attrition.',
      'Asking for information the user has not given yet is not attrition.',
      'The reason names the fact concerned and what the message does with it; refer to a turn by its "turn" number.',
    ],
    input,
    answer: '{ "attrition": "yes" | "no", "reason": "<why>" }',
  });
}
