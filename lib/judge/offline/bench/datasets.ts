import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** One labelled assistant reply with the question it answers and its grounding knowledge. */
export interface FaithCase {
  id: string;
  user: string;
  reply: string;
  knowledge: string;
  faithful: boolean;
}

const haluRow = z.object({
  knowledge: z.string(),
  question: z.string(),
  right_answer: z.string(),
  hallucinated_answer: z.string(),
});
const faithDialRow = z.object({
  id: z.string(),
  knowledge: z.string(),
  history: z.string(),
  response: z.string(),
  label: z.enum(['faithful', 'unfaithful']),
});

function readJsonl<T>(path: string, schema: z.ZodType<T>): T[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line, i) => {
      const parsed = schema.safeParse(JSON.parse(line));
      if (!parsed.success) throw new Error(`${path}:${i + 1}: ${parsed.error.message}`);
      return parsed.data;
    });
}

/** HaluEval QA: every line gives a faithful (right) and an unfaithful (hallucinated) reply. */
export function loadHaluEval(path: string): FaithCase[] {
  return readJsonl(path, haluRow).flatMap((r, i) => [
    { id: `${i}-right`, user: r.question, reply: r.right_answer, knowledge: r.knowledge, faithful: true },
    { id: `${i}-hallucinated`, user: r.question, reply: r.hallucinated_answer, knowledge: r.knowledge, faithful: false },
  ]);
}

/** FaithDial audit: one human-labelled reply per line. */
export function loadFaithDial(path: string): FaithCase[] {
  return readJsonl(path, faithDialRow).map((r) => ({
    id: r.id,
    user: r.history,
    reply: r.response,
    knowledge: r.knowledge,
    faithful: r.label === 'faithful',
  }));
}
