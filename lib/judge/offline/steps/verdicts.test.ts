import { describe, expect, it } from 'vitest';
import { analyseTerms } from '../text/analyse';
import { defaultSupportModel } from '../model/default-model';
import { clausesOf, judgeClaims } from './verdicts';

const truths = [
  'The Eiffel Tower was completed in 1889.',
  'It is located on the Champ de Mars in Paris.',
  'The store does not open on Sundays.',
  'Refunds are processed within five business days.',
];
const verdictOf = (claim: string) => judgeClaims({ claims: [claim], truths }).verdicts['1'];

describe('turn_faithfulness.verdicts (offline)', () => {
  it('supports a paraphrase', () => {
    expect(verdictOf('Refunds get processed in five business days.').verdict).toBe('yes');
    expect(verdictOf('The Eiffel Tower was finished in 1889.').verdict).toBe('yes');
  });

  it('answers no for a number that conflicts with the truth about the same thing, and names both', () => {
    const v = verdictOf('The Eiffel Tower was completed in 1899.');
    expect(v.verdict).toBe('no');
    expect(v.reason).toMatch(/1899/);
    expect(v.reason).toMatch(/1889/);
  });

  it('answers no for a name or a day that conflicts with the truth about the same thing', () => {
    expect(verdictOf('The Eiffel Tower is located in Lyon.').verdict).toBe('no');
    expect(judgeClaims({ claims: ['We ship to Mexico.'], truths: ['We ship to Canada.'] }).verdicts['1'].verdict).toBe('no');
  });

  it('answers no when the claim\'s polarity differs from the matching truth', () => {
    expect(verdictOf('The store opens on Sundays.').verdict).toBe('no');
    expect(verdictOf('Refunds are not processed within five business days.').verdict).toBe('no');
  });

  it('answers idk, not no, for what the context does not cover, and names the words it lacks', () => {
    const pigeon = verdictOf('Refunds are processed within five business days by courier pigeon.');
    expect(pigeon.verdict).toBe('idk');
    expect(pigeon.reason).toMatch(/"courier", "pigeon"/);
    expect(verdictOf('It has 3 floors.').verdict).toBe('idk');
    expect(verdictOf('Paris has a famous opera house.').verdict).toBe('idk');
  });

  it('answers idk for the speaker\'s own experience, which a document can neither confirm nor refute', () => {
    const v = verdictOf('I visited the Eiffel Tower last summer.');
    expect(v.verdict).toBe('idk');
    expect(v.reason).toMatch(/own experience/);
    expect(verdictOf("No, I didn't.").verdict).toBe('idk');
  });

  it('judges a question by what it takes for granted, not by what it asks the user', () => {
    expect(verdictOf('Do you like the Eiffel Tower?').verdict).toBe('yes');
    expect(verdictOf('Have you ever visited the Louvre?').verdict).toBe('idk');
  });

  it('answers idk when the claim is too vague to check', () => {
    expect(verdictOf('That is it.').verdict).toBe('idk');
  });

  it('returns one verdict per claim, in order, each reason marked as offline', () => {
    const out = judgeClaims({ claims: ['The tower was completed in 1889.', 'It was completed in 1900.'], truths });
    expect(Object.entries(out.verdicts).map(([key, v]) => [key, v.verdict])).toEqual([['1', 'yes'], ['2', 'no']]);
    for (const v of Object.values(out.verdicts)) expect(v.reason).toMatch(/^\[offline heuristic judge\] /);
  });

  it('reads first-person plural as the organisation stating facts, not as personal experience', () => {
    const out = judgeClaims({
      claims: ['We ship to Canada and delivery takes about ten days.', 'Yes, we ship to Canada.'],
      truths: ['We ship to Canada. Delivery to Canada takes about ten days.'],
    });
    expect(Object.values(out.verdicts).map((v) => v.verdict)).toEqual(['yes', 'yes']);
  });

  describe('coordinated clauses', () => {
    const order = ['Order 1042 shipped on Monday.', 'Standard delivery takes four days, so it should arrive by Friday.'];
    const verdict = (claim: string) => judgeClaims({ claims: [claim], truths: order }).verdicts['1'];

    it('with clause support on, supports a claim whose clauses are each supported by a different truth', () => {
      // The shipped weights leave clause support off (it did not improve held-out folds); the rule stays available.
      const withClauses = { ...defaultSupportModel, rules: { ...defaultSupportModel.rules, clauses: true } };
      const verdict = (claim: string) => judgeClaims({ claims: [claim], truths: order }, withClauses).verdicts['1'];
      const v = verdict('Order 1042 shipped on Monday and should arrive by Friday.');
      expect(v.verdict).toBe('yes');
      expect(v.reason).toMatch(/clause by clause/);
      expect(verdict('Order 1042 shipped on Monday, and it should arrive by Friday.').verdict).toBe('yes');
      expect(verdict('Order 1042 shipped on Monday but should arrive by Friday.').verdict).toBe('yes');
    });

    it('answers no when one clause is contradicted, idk when one is not covered', () => {
      expect(verdict('Order 1042 shipped on Monday and was delivered by courier pigeon.').verdict).toBe('idk');
      expect(verdict('Order 1042 shipped on Monday and should arrive by Sunday.').verdict).toBe('no');
      expect(verdict('Order 1042 shipped on Monday but should not arrive by Friday.').verdict).toBe('no');
    });

    it('splits only where both sides have a verb of their own', () => {
      const split = (text: string) => clausesOf(analyseTerms(text)).map((c) => c.map((t) => t.text).join(' '));
      expect(split('Order 1042 shipped on Monday and should arrive by Friday.')).toEqual(['Order 1042 shipped on Monday', 'should arrive by Friday']);
      expect(split('We sell running shoes and hiking boots.')).toHaveLength(1);
      expect(split('Blue lies between violet and green.')).toHaveLength(1);
      expect(split('Am Rong and Alexandre Rockwell were both actors.')).toHaveLength(1);
    });
  });
});
