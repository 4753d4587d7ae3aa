import { describe, expect, it } from 'vitest';
import { judgeClaims } from './verdicts';

const truths = [
  'The Eiffel Tower was completed in 1889.',
  'It is located on the Champ de Mars in Paris.',
  'The store does not open on Sundays.',
  'Refunds are processed within five business days.',
];
const verdictOf = (claim: string) => judgeClaims({ claims: [claim], truths }).verdicts[0];

describe('turn_faithfulness.verdicts (offline)', () => {
  it('supports a paraphrase', () => {
    expect(verdictOf('Refunds get processed in five business days.').verdict).toBe('yes');
    expect(verdictOf('The Eiffel Tower was finished in 1889.').verdict).toBe('yes');
  });

  it('rejects a number the context does not give', () => {
    const v = verdictOf('The Eiffel Tower was completed in 1899.');
    expect(v.verdict).toBe('no');
    expect(v.reason).toMatch(/1899/);
  });

  it('rejects a name the context does not mention', () => {
    expect(verdictOf('The Eiffel Tower is located in Lyon.').verdict).toBe('no');
  });

  it('rejects a claim whose polarity differs from the matching truth', () => {
    expect(verdictOf('The store opens on Sundays.').verdict).toBe('no');
    expect(verdictOf('Refunds are not processed within five business days.').verdict).toBe('no');
  });

  it('rejects content the context does not support', () => {
    expect(verdictOf('Refunds are processed within five business days by courier pigeon.').verdict).toBe('no');
  });

  it('rejects the assistant reporting its own experiences', () => {
    expect(verdictOf('I visited the Eiffel Tower last summer.').verdict).toBe('no');
    expect(verdictOf("No, I didn't.").verdict).toBe('no');
  });

  it('judges a question by what it takes for granted, not by what it asks the user', () => {
    expect(verdictOf('Do you like the Eiffel Tower?').verdict).toBe('yes');
    expect(verdictOf('Have you ever visited the Louvre?').verdict).toBe('no');
  });

  it('answers idk when the claim is too vague to check', () => {
    expect(verdictOf('That is it.').verdict).toBe('idk');
  });

  it('returns one verdict per claim, in order, each reason marked as offline', () => {
    const out = judgeClaims({ claims: ['The tower was completed in 1889.', 'It has 3 floors.'], truths });
    expect(out.verdicts.map((v) => [v.index, v.verdict])).toEqual([[0, 'yes'], [1, 'no']]);
    for (const v of out.verdicts) expect(v.reason).toMatch(/^\[offline heuristic judge\] /);
  });
});
