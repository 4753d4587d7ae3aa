import { describe, expect, it } from 'vitest';
import { extractClaims } from './claims';

const claims = (message: string) => extractClaims({ message }).claims;

describe('turn_faithfulness.claims (offline)', () => {
  it('keeps factual sentences and drops greetings, questions and reactions', () => {
    expect(claims('Hi there! The store opens at 9 am. Would you like directions? That is really great!')).toEqual([
      'The store opens at 9 am.',
    ]);
  });

  // Changed deliberately: an opinion about the subject used to be dropped; a source must back it too.
  it('keeps opinions about the subject as claims, drops reactions to the user', () => {
    expect(claims('Hi there! The store opens at 9 am. It is really great!')).toEqual(['The store opens at 9 am.', 'It is really great!']);
    expect(claims("It's the best film of the decade.")).toEqual(["It's the best film of the decade."]);
    expect(claims('How interesting! That sounds fun. So good!')).toEqual([]);
  });

  it('strips hedges and discourse markers but keeps what they frame', () => {
    expect(claims("Well, I think the tower was completed in 1889.")).toEqual(['The tower was completed in 1889.']);
    expect(claims("I'm not sure, but refunds take five days.")).toEqual(['Refunds take five days.']);
  });

  it('reads "did you know X?" as the claim X', () => {
    expect(claims('Did you know the movie appeared in 2010?')).toEqual(['The movie appeared in 2010.']);
  });

  // Changed deliberately: a stated taste ("I love it!") used to be dropped; it is now a claim.
  it('keeps first-person statements, tastes included', () => {
    expect(claims('I love it!')).toEqual(['I love it!']);
    expect(claims('I have two dogs.')).toEqual(['I have two dogs.']);
  });

  // Changed deliberately: a reply that was only a question used to be judged by what the question
  // takes for granted, kept whole as its claim. A question asks; it states nothing to check.
  it('makes no claim of a question, even a reply that is only a question', () => {
    expect(claims('Hi, have you seen Maleficent?')).toEqual([]);
    expect(claims('Have you seen it? What about you?')).toEqual([]);
    expect(claims('Did you like it? It was filmed in Toronto.')).toEqual(['It was filmed in Toronto.']);
  });

  it('never states an embedded or indirect question as a claim', () => {
    expect(claims('Do you know what broadcast he was on?')).toEqual([]);
    expect(claims('Did you know who directed it?')).toEqual([]);
    expect(claims('Have you heard of the Beatles?')).toEqual([]);
    expect(claims('I wonder what broadcast he was on.')).toEqual([]);
    expect(claims('Any idea which year it came out?')).toEqual([]);
    expect(claims('He hosted a show. Do you know what broadcast he was on?')).toEqual(['He hosted a show.']);
    // "Did you know that X?" still asserts X.
    expect(claims('Do you know that he was on NBC?')).toEqual(['He was on NBC.']);
  });

  it('keeps an elliptical answer about the speaker ("I have.", "Me too")', () => {
    expect(claims('Oh yeah. I have. Have you?')).toEqual(['I have.']);
    expect(claims('Yes, me too')).toEqual(['Yes, me too']);
    expect(claims('I see.')).toEqual([]);
  });

  it('makes no claim from a pure hedge', () => {
    expect(claims("I don't know.")).toEqual([]);
  });
});
