import type { ChatMessage } from '../../judge/types';

/** Renders a value as a fenced JSON block for a prompt. */
export const jsonBlock = (value: unknown): string => '```json\n' + JSON.stringify(value, null, 2) + '\n```';

/**
 * The common shape of our prompts: a system message with the task and its rules, a user
 * message with the input as JSON and the exact JSON shape to answer with.
 */
export function buildPrompt(parts: { task: string; rules: string[]; input: unknown; answer: string }): ChatMessage[] {
  const system = [
    parts.task,
    '',
    'Rules:',
    ...parts.rules.map((rule) => `- ${rule}`),
    '',
    'Answer with one JSON object only, no prose and no markdown around it.',
  ].join('\n');
  const user = ['Input:', jsonBlock(parts.input), '', 'Answer with JSON of exactly this shape:', parts.answer].join('\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}
