import { describe, expect, it } from 'vitest';
import { readCsvHead } from './csv-headers';

describe('readCsvHead', () => {
  it('samples each column from its first non-empty cell and lists its distinct values', () => {
    const head = readCsvHead('chat,speaker,text,knowledge\nc1,agent_1,Hi,\nc1,agent_2,Hello,\nc2,agent_1,Where?,doc A\nc2,agent_2,There,doc B\n');
    expect(head?.headers).toEqual(['chat', 'speaker', 'text', 'knowledge']);
    expect(head?.sample).toEqual(['c1', 'agent_1', 'Hi', 'doc A']);
    expect(head?.values[1]).toEqual(['agent_1', 'agent_2']);
  });

  it('does not sample a row the cut-off text may have cut', () => {
    const head = readCsvHead('id,role,content\n1,user,Hello there\n1,assis');
    expect(head?.values[1]).toEqual(['user']);
  });
});
