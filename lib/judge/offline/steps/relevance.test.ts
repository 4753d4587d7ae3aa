import { describe, expect, it } from 'vitest';
import { judgeRelevance } from './relevance';

type Message = { role: 'user' | 'assistant'; content: string };
const judge = (userMessage: string, assistantMessage: string, window: Message[] = [{ role: 'user', content: userMessage }]) =>
  judgeRelevance({ window, userMessage, assistantMessage });

describe('conversation_relevancy.relevance (offline)', () => {
  it('finds a reply about the question relevant', () => {
    expect(judge('How do I reset my password?', 'Open Settings and choose "Reset password".').verdict).toBe('yes');
  });

  it('finds an unrelated reply irrelevant', () => {
    const out = judge('How do I reset my password?', 'Our bakery sells sourdough bread every Tuesday.');
    expect(out.verdict).toBe('no');
    expect(out.reason).toMatch(/^\[offline heuristic judge\] /);
  });

  it('accepts a short direct answer to a question', () => {
    expect(judge('What is the capital of France?', 'Paris.').verdict).toBe('yes');
    expect(judge('What is the capital of France?', 'Our bakery sells sourdough bread and rye on Tuesdays.').verdict).toBe('no');
  });

  it('accepts a vague reply to a greeting', () => {
    expect(judge('Hi there!', 'Hello! Lovely weather for kites today.').verdict).toBe('yes');
  });

  it('accepts a greeting or acknowledgement as a reply', () => {
    expect(judge('I need help with my order.', 'Sure!').verdict).toBe('yes');
  });

  it('accepts a clarifying question', () => {
    expect(judge('It does not work.', 'Could you tell me more about what you mean?').verdict).toBe('yes');
  });

  it('counts earlier turns of the window as context', () => {
    const window: Message[] = [
      { role: 'user', content: 'My printer shows error E5.' },
      { role: 'assistant', content: 'Is it the laser model?' },
      { role: 'user', content: 'Yes.' },
    ];
    expect(judge('Yes.', 'Error E5 on the laser printer means a paper jam.', window).verdict).toBe('yes');
  });
});
