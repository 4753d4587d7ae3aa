import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Turn } from '../../domain';
import { turnwiseMetricName } from '../metric-names';
import { DEEPEVAL_LIMITS } from '../limits';
import { readVerboseLog } from './index';

/*
 * Per-turn verdicts read from the verbose logs deepeval 4.1.10 wrote itself: the test run its
 * client posted (tests/fixtures/deepeval-4.1.10/001-POST-_v1_test_run.json) and the logs of the
 * other metrics recorded with deepeval's own metric code (verbose-logs/record.py).
 */

const FIXTURES = path.resolve(import.meta.dirname, '../../../tests/fixtures/deepeval-4.1.10');
type FixtureTurn = { role: 'user' | 'assistant'; content: string; retrievalContext?: string[]; toolsCalled?: unknown[] };
const asTurns = (turns: FixtureTurn[]): Turn[] =>
  turns.map((t) => ({ role: t.role, content: t.content, ...(t.retrievalContext ? { retrievalContext: t.retrievalContext } : {}), ...(t.toolsCalled ? { toolsCalled: t.toolsCalled } : {}) }));

const posted = JSON.parse(readFileSync(path.join(FIXTURES, '001-POST-_v1_test_run.json'), 'utf8')).body.conversationalTestCases[0] as {
  turns: FixtureTurn[];
  metricsData: { name: string; verboseLogs: string }[];
};
const postedTurns = asTurns(posted.turns);
const postedLog = (name: string) => posted.metricsData.find((m) => m.name === name)!.verboseLogs;
const recorded = JSON.parse(readFileSync(path.join(FIXTURES, 'verbose-logs/logs.json'), 'utf8')) as Record<string, { turns: FixtureTurn[]; log: string }>;
const read = (name: string, log: string, turns: Turn[]) => readVerboseLog(turnwiseMetricName(name), log, turns);
const fromRecording = (name: string) => read(name, recorded[name].log, asTurns(recorded[name].turns));
const shape = (reading: ReturnType<typeof readVerboseLog>) => (reading.found ? reading.verdicts.map((v) => [v.turn, v.verdict, v.score]) : reading.why);

describe('per-turn verdicts from the logs deepeval posted with its test run', () => {
  it('turn relevancy: one verdict per window, on the reply that ends it', () => {
    const reading = read('Turn Relevancy', postedLog('Turn Relevancy'), postedTurns);
    expect(reading).toEqual({
      found: true,
      verdicts: [
        { turn: 1, verdict: 'no', reason: 'simulated statement 9' },
        { turn: 3, verdict: 'yes', reason: 'simulated statement 10' },
        { turn: 5, verdict: 'no', reason: 'simulated statement 11' },
      ],
      // The window size deepeval used, so that scoring again in Turnwise uses it too.
      options: { windowSize: 10 },
    });
  });

  it("turn faithfulness: each window's contradicted claim marks its last reply, with the window's score", () => {
    const reading = read('Turn Faithfulness', postedLog('Turn Faithfulness'), postedTurns);
    expect(shape(reading)).toEqual([
      [1, 'no', 0.5],
      [3, 'no', 0.5],
      [5, 'no', 0.5],
    ]);
    expect(reading.found && reading.verdicts[0].reason).toBe('simulated statement 18 Contradicted: simulated statement 17');
  });

  it('role adherence: the replies named out of character fail, the others pass, and the chatbot role is kept', () => {
    const reading = read('Role Adherence', postedLog('Role Adherence'), postedTurns);
    expect(reading).toMatchObject({ found: true, chatbotRole: 'a polite bank assistant' });
    expect(shape(reading)).toEqual([
      [1, 'no', undefined],
      [3, 'yes', undefined],
      [5, 'yes', undefined],
    ]);
    expect(reading.found && reading.verdicts[0].reason).toBe('simulated statement 2 simulated statement 4');
  });

  it("turn contextual recall: deepeval's window score decides", () => {
    expect(shape(read('Turn Contextual Recall', postedLog('Turn Contextual Recall'), postedTurns))).toEqual([
      [1, 'no', 0],
      [3, 'no', 0],
      [5, 'no', 0],
    ]);
  });

  it('knowledge retention with no facts found: read, and no turn was judged', () => {
    expect(read('Knowledge Retention', postedLog('Knowledge Retention'), postedTurns)).toEqual({ found: true, verdicts: [] });
  });

  it('conversation completeness: its verdicts are per intention, so none is placed on a turn', () => {
    const reading = read('Conversation Completeness', postedLog('Conversation Completeness'), postedTurns);
    expect(reading).toEqual({ found: false, why: expect.stringContaining('names no turn') });
  });
});

describe('per-turn verdicts from the logs of deepeval metrics recorded with its own code', () => {
  it('knowledge retention: an attrition ("yes") is the reply\'s "no"', () => {
    expect(shape(fromRecording('Knowledge Retention'))).toEqual([
      [1, 'no', undefined],
      [3, 'yes', undefined],
      [5, 'no', undefined],
    ]);
  });

  it('role adherence written by the synchronous path ("Turn Response(s)")', () => {
    expect(shape(fromRecording('Role Adherence'))).toEqual([
      [1, 'yes', undefined],
      [3, 'no', undefined],
      [5, 'yes', undefined],
    ]);
  });

  it('turn contextual precision and relevancy, goal accuracy', () => {
    for (const name of ['Turn Contextual Precision', 'Turn Contextual Relevancy']) {
      expect(shape(fromRecording(name))).toEqual([
        [1, 'no', 0],
        [3, 'no', 0],
        [5, 'no', 0],
      ]);
    }
    expect(shape(fromRecording('Goal Accuracy'))).toEqual([
      [1, 'no', 0.5],
      [3, 'no', 0.5],
      [5, 'no', 0.5],
    ]);
  });

  it("tool use: on the interaction's last reply that called a tool, and on a reply whose selection cost points", () => {
    expect(shape(fromRecording('Tool Use'))).toEqual([
      [1, 'no', 0.5],
      [4, 'no', 0.5],
    ]);
  });

  it('topic adherence: its counts name no pair, so no turn', () => {
    expect(fromRecording('Topic Adherence')).toEqual({ found: false, why: expect.stringContaining('without saying which question and answer') });
  });
});

describe('a log that does not fit gives no verdicts, never a guess', () => {
  it('when the turns are not the ones the metric saw', () => {
    const fewer = postedTurns.slice(0, 4);
    for (const name of ['Turn Relevancy', 'Turn Faithfulness', 'Turn Contextual Recall']) {
      expect(read(name, postedLog(name), fewer)).toEqual({ found: false, why: expect.stringMatching(/for 2 exchanges/) });
    }
    const changed = postedTurns.map((t, i) => (i === 1 ? { ...t, content: 'Another greeting.' } : t));
    expect(read('Role Adherence', postedLog('Role Adherence'), changed)).toEqual({ found: false, why: 'item 1 quotes a reply that is not turn 2' });
  });

  it('when the log is cut, missing, too long, or of a metric whose log names no turn', () => {
    const log = postedLog('Turn Relevancy');
    expect(read('Turn Relevancy', log.slice(0, log.length - 40), postedTurns).found).toBe(false);
    expect(read('Turn Faithfulness', postedLog('Turn Faithfulness').replace('Window 2 \n', 'Window 3 \n'), postedTurns).found).toBe(false);
    expect(read('Turn Relevancy', '', postedTurns)).toEqual({ found: false, why: 'deepeval sent no verbose log' });
    expect(read('Turn Relevancy', 'x'.repeat(DEEPEVAL_LIMITS.logParseChars + 1), postedTurns)).toEqual({ found: false, why: expect.stringContaining('longer than') });
    expect(read('Correctness [GEval]', 'Criteria: …', postedTurns)).toEqual({ found: false, why: "deepeval's Correctness [GEval] log is not read per turn" });
  });

  it('a window the judge gave no verdict for is an error on its turn, not a pass', () => {
    const log = postedLog('Turn Relevancy').replace(/\{\n {8}"verdict": "yes",\n {8}"reason": "simulated statement 10"\n {4}\}/, 'None');
    expect(shape(read('Turn Relevancy', log, postedTurns))).toEqual([
      [1, 'no', undefined],
      [3, 'error', undefined],
      [5, 'no', undefined],
    ]);
  });
});
