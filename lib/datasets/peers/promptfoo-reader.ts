import type { Conversation, Turn } from '../../domain';
import type { Collector, Where } from '../collector';
import { compact, type Issues } from '../fields';
import type { ImportedScore } from '../imported-scores';
import { warnIfEmpty } from '../mapped';
import type { RecordReader } from '../record-reader';
import { promptfooGroupOf, promptfooStep, type PromptfooStep } from './promptfoo-step';

/*
 * promptfoo's results as conversations with their grading. A result is a conversation of its own,
 * unless its test names a conversationId (promptfoo's way of running scripted steps with the
 * `_conversation` history): the steps of one conversation id and one prompt × provider column are
 * held until the file ends (promptfoo writes results in the order they finished), then put in
 * order of their tests, each step adding its question and reply, its grading on its reply.
 */

const NOTE_GROUPED = 'Steps that share a conversationId became one conversation each (per prompt and provider), in the order of their tests.';
const NOTE_WHOLE = 'A simulated-user conversation was graded as a whole: its scores sit on the conversation, not on one turn.';

interface Held {
  steps: { step: PromptfooStep; at: Where }[];
  bad: boolean;
}

const onTurn = (scores: ImportedScore[], turn: number): ImportedScore[] => scores.map((s) => ({ ...s, turn }));

/** A conversation of one result: its turns, the scores on its reply (or on the whole conversation). */
function single(step: PromptfooStep): { conversation: Conversation; scores: ImportedScore[] } {
  const turns = step.whole ?? [...step.history, ...step.exchange!];
  const scores = step.whole ? step.scores : onTurn(step.scores, turns.length - 1);
  return { conversation: compact({ ...step.fields, chatbotRole: step.chatbotRole, turns }), scores };
}

/** The steps of one scripted conversation, in the order of their tests. */
function assemble(steps: PromptfooStep[], externalId: string): { conversation: Conversation; scores: ImportedScore[] } {
  const [first] = steps;
  const turns: Turn[] = [...first.history];
  const scores: ImportedScore[] = [];
  for (const step of steps) {
    if (step.whole) {
      turns.push(...step.whole);
      scores.push(...step.scores);
      continue;
    }
    turns.push(...step.exchange!);
    scores.push(...onTurn(step.scores, turns.length - 1));
  }
  const metadata = { ...first.fields.metadata, conversationId: first.group!.conversationId, steps: steps.map((s) => s.fields.externalId) };
  // The steps' tests each have a description: it names the conversation only when they all share it.
  const name = steps.every((s) => s.fields.name === first.fields.name) ? first.fields.name : undefined;
  return { conversation: compact({ ...first.fields, externalId, name, chatbotRole: first.chatbotRole, metadata, turns }), scores };
}

export function readPromptfooRecord(out: Collector): RecordReader {
  const held = new Map<string, Held>();
  const notes = new Set<string>();
  const flushNotes = () => {
    for (const n of notes) out.note(n);
    notes.clear();
  };
  return {
    read(record: unknown, at: Where) {
      const issues: Issues = [];
      const step = promptfooStep(record, issues, notes, out.roleValues);
      if (step?.exchange) warnIfEmpty(step.exchange[1].content, ['response', 'output'], issues);
      flushNotes();
      const group = promptfooGroupOf(record);
      if (!group) {
        const built = step ? single(step) : null;
        if (step?.whole) out.note(NOTE_WHOLE);
        out.accept({ conversation: built?.conversation ?? null, issues, scores: built?.scores }, at);
        return;
      }
      out.issues(issues, at);
      const key = JSON.stringify([group.conversationId, group.column]);
      const steps = held.get(key) ?? { steps: [], bad: false };
      held.set(key, steps);
      if (!step || issues.some((i) => i.severity === 'error')) steps.bad = true;
      // A record of a whole JSON document (line 0) keeps its path: its problems get their lines once the document is read.
      else steps.steps.push({ step, at: at.line === 0 ? at : { line: at.line, record: at.record } });
    },
    end() {
      if (held.size === 0) return;
      out.note(NOTE_GROUPED);
      // A conversation id used by several prompts or providers: each column's conversation is named by its provider.
      const columns = new Map<string, number>();
      for (const key of held.keys()) columns.set(JSON.parse(key)[0], (columns.get(JSON.parse(key)[0]) ?? 0) + 1);
      for (const group of held.values()) {
        if (group.bad) {
          // A conversation without one of its steps would read as another: its other steps are left out with it.
          for (const { step, at } of group.steps) out.leftOut({ line: at.line, field: '', message: `left out with conversation ${step.group!.conversationId}: one of its steps has an error` });
          continue;
        }
        if (group.steps.length === 0) continue;
        const steps = group.steps.sort((a, b) => a.step.testIdx - b.step.testIdx);
        const first = steps[0].step;
        const id = first.group!.conversationId;
        const externalId = (columns.get(id) ?? 0) > 1 ? `${id} (${first.provider})` : id;
        const { conversation, scores } = assemble(
          steps.map((s) => s.step),
          externalId,
        );
        out.accept({ conversation, issues: [], scores }, steps[0].at);
      }
      held.clear();
    },
  };
}
