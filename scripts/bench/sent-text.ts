import type { RecordedRequest } from '../../tests/helpers/judge-server';
import { stepOf } from '../../tests/helpers/step-answers';
import type { TextFigures } from './faithfulness-text';

const EXTRACTION_STEPS = { 'turn_faithfulness.truths': 'truths', 'turn_faithfulness.claims': 'claims', 'turn_faithfulness.verdicts': 'verdicts' } as const;

const INPUT_BLOCK = /Input:\n```json\n([\s\S]*?)\n```/;

/** Characters of every string inside a JSON value. */
export function stringChars(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + stringChars(v), 0);
  if (typeof value === 'object' && value !== null) return Object.values(value).reduce((n: number, v) => n + stringChars(v), 0);
  return 0;
}

/**
 * turn_faithfulness conversation text our pipeline sent, read back from the requests the
 * server recorded (see faithfulness-text.ts for what counts). A repair request re-sends its input.
 */
export function sentText(requests: RecordedRequest[]): TextFigures {
  const figures: TextFigures = { truths: 0, claims: 0, verdicts: 0, total: 0 };
  for (const { body } of requests) {
    const step = stepOf(body);
    if (step === null || !(step in EXTRACTION_STEPS)) continue;
    const user = body.messages.find((m) => m.role === 'user' && INPUT_BLOCK.test(m.content));
    const match = user ? INPUT_BLOCK.exec(user.content) : null;
    if (!match) continue;
    const chars = stringChars(JSON.parse(match[1]));
    figures[EXTRACTION_STEPS[step as keyof typeof EXTRACTION_STEPS]] += chars;
    figures.total += chars;
  }
  return figures;
}
