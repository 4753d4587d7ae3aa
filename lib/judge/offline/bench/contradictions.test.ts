import { describe, expect, it } from 'vitest';
import { contradict, namesOf } from './contradictions';

const KNOWLEDGE = 'The Royal Blue was the flagship train of the Baltimore and Ohio Railroad, beginning in 1890. It ran from New York City every March.';

describe('contradicted replies for the bench', () => {
  it('changes a number or month the knowledge states, before anything else', () => {
    expect(contradict('It started in 1890, I think.', KNOWLEDGE, [])).toEqual({ reply: 'It started in 1897, I think.', kind: 'number' });
    expect(contradict('It ran every March.', KNOWLEDGE, [])).toEqual({ reply: 'It ran every September.', kind: 'date' });
  });

  it('swaps a name the knowledge holds for one from another knowledge, else negates a statement', () => {
    const edit = contradict('It was run by Baltimore and Ohio.', KNOWLEDGE, namesOf('Steven Spielberg directed the film in Toronto.'));
    expect(edit?.kind).toBe('name');
    expect(edit?.reply).not.toMatch(/Baltimore/);
    expect(contradict('That train was a flagship.', KNOWLEDGE, [])).toEqual({ reply: 'That train was not a flagship.', kind: 'negation' });
  });

  it('leaves a reply no edit applies to', () => {
    expect(contradict('Sounds fun!', KNOWLEDGE, [])).toBeNull();
  });
});
