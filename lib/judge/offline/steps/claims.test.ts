import { describe, expect, it } from 'vitest';
import { extractClaims } from './claims';

const claims = (message: string) => extractClaims({ message }).claims;

describe('turn_faithfulness.claims (offline)', () => {
  it('keeps factual sentences and drops greetings, questions and pure opinions', () => {
    expect(claims('Hi there! The store opens at 9 am. Would you like directions? It is really great!')).toEqual([
      'The store opens at 9 am.',
    ]);
  });

  it('strips hedges and discourse markers but keeps what they frame', () => {
    expect(claims("Well, I think the tower was completed in 1889.")).toEqual(['The tower was completed in 1889.']);
    expect(claims("I'm not sure, but refunds take five days.")).toEqual(['Refunds take five days.']);
  });

  it('reads "did you know X?" as the claim X', () => {
    expect(claims('Did you know the movie appeared in 2010?')).toEqual(['The movie appeared in 2010.']);
  });

  it('keeps first-person statements that carry content, drops bare tastes', () => {
    expect(claims('I love it!')).toEqual([]);
    expect(claims('I have two dogs.')).toEqual(['I have two dogs.']);
  });

  it('makes no claim from a pure hedge', () => {
    expect(claims("I don't know.")).toEqual([]);
  });
});
