import { describe, expect, it } from 'vitest';
import { oneAnswerPerTurn } from './one-answer-per-turn';

describe('oneAnswerPerTurn', () => {
  it('hands answers on in order, one per event-loop turn: what one answer starts runs before the next is handed on', async () => {
    const log: string[] = [];
    await Promise.all(
      ['a', 'b', 'c'].map(async (name) => {
        await oneAnswerPerTurn();
        log.push(`${name} handed on`);
        // As undici writes a request on a kept-alive connection: in the next turn's check phase.
        setImmediate(() => log.push(`${name}'s request written`));
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['a handed on', "a's request written", 'b handed on', "b's request written", 'c handed on', "c's request written"]);
  });
});
