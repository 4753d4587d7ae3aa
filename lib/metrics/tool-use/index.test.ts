import { describe, expect, it } from 'vitest';
import { createScriptedJudge, type ScriptedHandlers } from '../../judge/scripted-judge';
import type { StepInput } from '../../judge/steps';
import { referenceCallCount } from '../registry';
import { assistant, user } from '../testing/conversations';
import type { Conversation } from '../../domain/conversation';
import { toolUse } from './descriptor';
import { ToolUseMetric } from './index';
import { selectionByExpected, toolUseScore } from './score';

const FLIGHT_TOOLS = [
  { name: 'search_flights', description: 'Flights between two airports on a date', input_parameters: { from: 'IATA code', to: 'IATA code', date: 'YYYY-MM-DD' } },
  { name: 'book_flight', description: 'Books a flight for a passenger' },
  { name: 'get_weather', description: 'Weather forecast for a city' },
];

// Four interactions against the available tools; the second (turn 4) calls a tool it did not
// need and books with a placeholder passenger; the third calls no tool. The turn that costs
// points is not the last.
const flights: Conversation = {
  availableTools: FLIGHT_TOOLS,
  turns: [
    user('Find flights from Lisbon to Paris on 3 May.'),
    assistant('There are three: 07:10, 09:40 and 18:05.', { toolsCalled: [{ name: 'search_flights', input_parameters: { from: 'LIS', to: 'CDG', date: '2025-05-03' } }] }),
    user('Book the 09:40 one for Ana Silva.'),
    assistant('Booked TP432 at 09:40. Paris will be sunny.', {
      toolsCalled: [{ name: 'get_weather', input_parameters: { city: 'Paris' } }, { name: 'book_flight', inputParameters: { flight: 'TP432', passenger: 'PASSENGER_NAME' } }],
    }),
    user('What is the baggage allowance?'),
    assistant('One cabin bag of 8 kg.'),
    user('And the weather in Paris on 3 May?'),
    assistant('Sunny, 21 °C.', { toolsCalled: [{ name: 'get_weather', input_parameters: { city: 'Paris', date: '2025-05-03' } }] }),
  ],
};

// A careful judge: the booking interaction's selection is mixed (get_weather was not needed) and
// its arguments carry a placeholder; everything else is right.
const handlers: ScriptedHandlers = {
  'tool_use.selection': (input: StepInput<'tool_use.selection'>) =>
    /Book the 09:40/.test(input.userMessages) ? { score: 0.5, reason: 'get_weather was not needed to book' } : { score: 1, reason: 'the right tools' },
  'tool_use.arguments': (input: StepInput<'tool_use.arguments'>) =>
    input.toolsCalled.some((t) => JSON.stringify(t.input_parameters ?? {}).includes('PASSENGER_NAME'))
      ? { score: 0.75, reason: 'passenger is a placeholder' }
      : { score: 1, reason: 'arguments match the request' },
  reason: (input: StepInput<'reason'>) => ({ reason: input.reasons.join(' | ') }),
};

// Three interactions with the expected tools on each reply: the second escalates instead of
// refunding (turn 4, not the last), the others call what was expected.
const orders: Conversation = {
  turns: [
    user('Where is order 4417?'),
    assistant('It was delivered on 2 May.', { toolsCalled: [{ name: 'lookup_order', input_parameters: { order_id: '4417' } }], expectedTools: [{ name: 'lookup_order' }] }),
    user('It arrived broken, please refund it.'),
    assistant('I passed it to a colleague.', { toolsCalled: [{ name: 'escalate', input_parameters: { reason: 'broken item, order 4417' } }], expectedTools: [{ name: 'refund_order', input_parameters: { order_id: '4417' } }] }),
    user('Thanks. Can you check order 5120 too?'),
    assistant('It ships tomorrow.', { toolsCalled: [{ name: 'lookup_order', input_parameters: { order_id: '5120' } }], expectedTools: [{ name: 'lookup_order' }] }),
  ],
};

describe('ToolUseMetric', () => {
  it('scores min(mean selection, mean arguments) as the reference, with a "no" on turn 4, the interaction that cost points', async () => {
    const judge = createScriptedJudge(handlers);
    const result = await new ToolUseMetric(judge).measure(flights);
    // selection 1, 0.5, 1, 1 → 0.875; arguments (interactions with tools) 1, 0.75, 1 → 0.9167; min → 0.875
    expect(result.score).toBeCloseTo(0.875);
    expect(result.success).toBe(true);
    expect(result.verdicts.map((v) => [v.turn + 1, v.verdict, v.score])).toEqual([
      [2, 'yes', 1],
      [4, 'no', 0.5],
      [8, 'yes', 1],
    ]);
    expect(result.verdicts[1].reason).toBe('Called get_weather, book_flight. Selection 0.5: get_weather was not needed to book Arguments 0.75: passenger is a placeholder');
    // Every interaction's selection is judged, the arguments only where tools were called (tool_use.py:171-187).
    expect(judge.callsTo('tool_use.selection').map((c) => c.userMessages)).toEqual([flights.turns[0].content, flights.turns[2].content, flights.turns[4].content, flights.turns[6].content]);
    expect(judge.callsTo('tool_use.arguments')).toHaveLength(3);
    const booking = judge.callsTo('tool_use.arguments')[1];
    expect(booking.toolsCalled[1]).toEqual({ name: 'book_flight', input_parameters: { flight: 'TP432', passenger: 'PASSENGER_NAME' } });
    expect(booking.availableTools.map((t) => t.name)).toEqual(['search_flights', 'book_flight', 'get_weather']);
    expect(booking.expectedTools).toBeNull();
    // 4 + 3 calls and our one reason; the reference makes two reasons.
    expect(result.usage.calls).toBe(8);
    expect(referenceCallCount('tool_use', flights)).toBe(9);
    expect(result.reason).toBe('Turn 4: selection 0.5 (get_weather was not needed to book); arguments 0.75 (passenger is a placeholder)');
  });

  it('matches selection against the expected tools without a call: 2 of 3 → 0.667, failing under 0.7, turn 4 marked', async () => {
    const judge = createScriptedJudge(handlers);
    const result = await new ToolUseMetric(judge, { threshold: 0.7 }).measure(orders);
    // selection (by name) 1, 0, 1 → 2/3; arguments 1, 1, 1 → 1; min → 2/3
    expect(result.score).toBeCloseTo(2 / 3);
    expect(result.success).toBe(false);
    expect(result.verdicts.map((v) => [v.turn + 1, v.verdict, v.score])).toEqual([
      [2, 'yes', 1],
      [4, 'no', 0],
      [6, 'yes', 1],
    ]);
    expect(result.verdicts[1].reason).toMatch(/Expected refund_order; not called: refund_order\. Also called escalate, not expected\./);
    expect(judge.callsTo('tool_use.selection')).toHaveLength(0);
    expect(judge.callsTo('tool_use.arguments')[1].expectedTools).toEqual([{ name: 'refund_order', input_parameters: { order_id: '4417' } }]);
    expect(result.usage.calls).toBe(3 + 1);
    expect(referenceCallCount('tool_use', orders, { includeReason: false })).toBe(3 + 3 + 2);
  });

  it('takes the availableTools option for a conversation without its own, and the conversation’s own when it has them', async () => {
    const judge = createScriptedJudge(handlers);
    const option = [{ name: 'search_flights' }];
    const { availableTools: _, ...bare } = flights;
    await new ToolUseMetric(judge, { availableTools: option, includeReason: false }).measure(bare);
    expect(judge.callsTo('tool_use.selection')[0].availableTools).toEqual(option);
    await new ToolUseMetric(judge, { availableTools: option, includeReason: false }).measure(flights);
    expect(judge.callsTo('tool_use.selection')[4].availableTools).toHaveLength(3);
    expect(toolUse.applies(bare)).toBe(false);
    expect(toolUse.applies(bare, { availableTools: option })).toBe(true);
  });

  it('applies strict mode as the reference: below 1 scores 0', async () => {
    const result = await new ToolUseMetric(createScriptedJudge(handlers), { strictMode: true, includeReason: false }).measure(flights);
    expect(result).toMatchObject({ score: 0, success: false, threshold: 1 });
  });

  it('marks an interaction that called none of the tools it was expected to call, on its last reply', async () => {
    const judge = createScriptedJudge(handlers);
    const result = await new ToolUseMetric(judge, { includeReason: false }).measure({
      turns: [user('Refund order 4417.'), assistant('Done!', { expectedTools: [{ name: 'refund_order' }] })],
    });
    // No tool called anywhere: the argument mean is 0 as the reference's empty sum ÷ 1.
    expect(result.score).toBe(0);
    expect(result.verdicts).toEqual([{ turn: 1, verdict: 'no', score: 0, reason: 'Called no tool. Selection 0: Expected refund_order; not called: refund_order.' }]);
    expect(judge.calls).toHaveLength(0);
  });

  it('refuses a conversation without tool calls, or without available or expected tools, naming the field', async () => {
    const judge = createScriptedJudge(handlers);
    const noCalls = await new ToolUseMetric(judge).measure({ availableTools: FLIGHT_TOOLS, turns: [user('Hi'), assistant('Hello!')] });
    expect(noCalls).toMatchObject({ score: null, success: false, error: expect.stringContaining('no tools_called on any assistant turn') });
    const { availableTools: _, ...bare } = flights;
    const noTools = await new ToolUseMetric(judge).measure(bare);
    expect(noTools.error).toMatch(/no available_tools \(nor the availableTools option, nor expected_tools on its turns\)/);
    expect(judge.calls).toHaveLength(0);
    expect(toolUse.applies({ availableTools: FLIGHT_TOOLS, turns: [user('Hi'), assistant('Hello!')] })).toBe(false);
  });

  it('names the malformed field of a tool: the turn, the list, the tool and the key', async () => {
    const judge = createScriptedJudge(handlers);
    const bad = structuredClone(flights);
    bad.turns[3].toolsCalled = [{ name: 'book_flight', input_parameters: 'flight=TP432' }];
    expect((await new ToolUseMetric(judge).measure(bad)).error).toMatch(/Turn 4 tools_called\[0\]\.input_parameters: expected an object of argument names to values/);
    bad.turns[3].toolsCalled = ['book_flight'];
    expect((await new ToolUseMetric(judge).measure(bad)).error).toMatch(/Turn 4 tools_called\[0\]: expected a tool: an object with a name/);
    expect((await new ToolUseMetric(judge).measure({ ...flights, availableTools: [{ description: 'no name' }] })).error).toMatch(/available_tools\[0\]\.name: a tool needs a name/);
    expect(() => new ToolUseMetric(judge, { availableTools: [{ name: '' }] })).toThrow(/availableTools/);
    expect(judge.calls).toHaveLength(0);
  });

  it('asks for a score on the reference guide only: 0.6 fails validation', async () => {
    const judge = createScriptedJudge({ ...handlers, 'tool_use.arguments': () => ({ score: 0.6, reason: '' }) });
    const result = await new ToolUseMetric(judge, { includeReason: false }).measure(orders);
    expect(result.score).toBeNull();
    expect(result.verdicts.every((v) => v.verdict === 'error')).toBe(true);
  });
});

describe('toolUseScore', () => {
  it('is the lower of the selection and argument means, each 0 with none', () => {
    expect(toolUseScore([], [])).toBe(0);
    expect(toolUseScore([1, 1], [])).toBe(0);
    expect(toolUseScore([1, 0.5], [0.25, 1])).toBe(0.625);
  });
});

describe('selectionByExpected', () => {
  it('is expected tools found ÷ expected, each called tool matched once, as deepeval’s ToolCorrectnessMetric', () => {
    expect(selectionByExpected([], []).score).toBe(1);
    expect(selectionByExpected(['a'], []).score).toBe(0);
    expect(selectionByExpected([], ['a']).score).toBe(0);
    expect(selectionByExpected(['a', 'c'], ['a', 'b'])).toEqual({ score: 0.5, missing: ['b'], unexpected: ['c'] });
    expect(selectionByExpected(['a'], ['a', 'a']).score).toBe(0.5);
    expect(selectionByExpected(['a', 'a', 'b'], ['b', 'a']).score).toBe(1);
  });
});
