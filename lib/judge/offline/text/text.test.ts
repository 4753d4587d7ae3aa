import { describe, expect, it } from 'vitest';
import { analyse, analyseTerms } from './analyse';
import { normaliseText } from './normalise';
import { bagOf, holds, negatesShared, sameNumber } from './overlap';
import { informativeness } from './frequency';
import { synonymStems } from './wordnet';
import { stem } from './stem';

describe('offline text processing', () => {
  it('undoes pre-tokenised spacing and glued sentences', () => {
    expect(normaliseText("It 's one of the three , ca n't be .")).toBe("It's one of the three, can't be.");
    expect(analyse('It was published in 1844.First for Women is a magazine.')).toHaveLength(2);
  });

  it('reads numbers written in words or digits, and negation', () => {
    const terms = analyseTerms("Fifteen years later it can't cost 1,000 dollars.");
    expect(terms.filter((t) => t.value !== null).map((t) => t.value)).toEqual([15, 1000]);
    expect(terms.some((t) => t.negation)).toBe(true);
  });

  it('matches initials, synonyms and close large numbers, but not other years', () => {
    const bag = bagOf(analyseTerms('New York City has 8,537,673 people and lawyers since 1890.'));
    const term = (text: string) => analyseTerms(text)[0];
    expect(holds(bag, term('NYC'))).toBe(true);
    expect(holds(bag, term('attorneys'))).toBe(true);
    expect(sameNumber(8_500_000, 8_537_673)).toBe(true);
    expect(sameNumber(1890, 1891)).toBe(false);
  });

  it('matches a rating only by its own word, not by a synonym from another sense', () => {
    const bag = bagOf(analyseTerms('Football is a large team sport.'));
    const term = (text: string) => analyseTerms(text)[0];
    expect(holds(bag, term('fun'))).toBe(false);
    expect(holds(bag, term('great'))).toBe(false);
    expect(holds(bagOf(analyseTerms('It is a fun sport.')), term('fun'))).toBe(true);
  });

  it('scopes negation to the word it governs', () => {
    const truth = bagOf(analyseTerms('The store opens on Sundays.'));
    expect(negatesShared(analyseTerms('The store does not open on Sundays.'), truth)).toBe(true);
    expect(negatesShared(analyseTerms('It is not blue but the store opens.'), truth)).toBe(false);
  });

  it('weighs rare words above common ones', () => {
    expect(informativeness('gauge')).toBeGreaterThan(informativeness('place'));
    expect(informativeness('know')).toBeLessThan(0.2);
  });

  it('finds WordNet synonyms', () => {
    expect(synonymStems('film').has(stem('movie'))).toBe(true);
  });
});
