import { describe, expect, it } from 'vitest';
import { extractFacts } from './facts';

const facts = (message: string, previousTurns: { role: 'user' | 'assistant'; content: string }[] = []) =>
  extractFacts({ message, previousTurns }).facts;

describe('knowledge_retention.facts (offline)', () => {
  it('takes "my X is Y" statements as key and value', () => {
    expect(facts('Hi, my full name is Jane Doe and my bank account number is 12345678.')).toEqual([
      { key: 'full name', values: ['Jane Doe'] },
      { key: 'bank account number', values: ['12345678'] },
    ]);
  });

  it('finds names, places, ages and emails stated in the first person', () => {
    const found = facts("I'm Maria Lopez, I live in Lisbon and I am 34 years old. Write to maria@example.com.");
    expect(found).toContainEqual({ key: 'name', values: ['Maria Lopez'] });
    expect(found).toContainEqual({ key: 'location', values: ['Lisbon'] });
    expect(found).toContainEqual({ key: 'age', values: ['34'] });
    expect(found).toContainEqual({ key: 'email', values: ['maria@example.com'] });
  });

  it('states nothing in questions or small talk', () => {
    expect(facts('What is your refund policy?')).toEqual([]);
    expect(facts('Thanks, that sounds good!')).toEqual([]);
  });

  it('reads a short reply as the value the assistant just asked for', () => {
    expect(facts('Sure, it is 9876 5432', [{ role: 'assistant', content: 'What is your account number?' }])).toEqual([
      { key: 'account number', values: ['9876 5432'] },
    ]);
  });
});
