import { describe, expect, it } from 'vitest';
import { judgeRelevance } from './relevance';

type Message = { role: 'user' | 'assistant'; content: string };
const PREFIX = /^\[offline heuristic judge\] /;

/** As the metric builds it: the window ends with the exchange being judged, reply included. */
const judge = (userMessage: string, assistantMessage: string, earlier: Message[] = []) =>
  judgeRelevance({
    window: [...earlier, { role: 'user', content: userMessage }, { role: 'assistant', content: assistantMessage }],
    userMessage,
    assistantMessage,
  });

describe('conversation_relevancy.relevance (offline): off-topic replies', () => {
  it('finds an off-topic statement irrelevant although the window holds the reply itself', () => {
    const out = judge("What's the weather like in Paris today?", 'Our store sells headphones, speakers and accessories.');
    expect(out.verdict).toBe('no');
    expect(out.reason).toMatch(PREFIX);
    expect(out.reason).toMatch(/weather/);
    expect(out.reason).toMatch(/headphones/);
  });

  it('still finds an off-topic reply irrelevant when the window has no reply in it', () => {
    const u = "What's the weather like in Paris today?";
    const out = judgeRelevance({ window: [{ role: 'user', content: u }], userMessage: u, assistantMessage: 'Our store sells headphones, speakers and accessories.' });
    expect(out.verdict).toBe('no');
  });

  it('accepts short direct answers whose kind fits the question', () => {
    expect(judge('What is the capital of France?', 'Paris.').verdict).toBe('yes');
    expect(judge('Does the plan include roaming?', 'Yes, it does.').verdict).toBe('yes');
    expect(judge('How many days do I have to send it back?', 'Thirty.').verdict).toBe('yes');
    expect(judge('When does the shop open?', 'At 9 am.').verdict).toBe('yes');
    expect(judge('Who founded the company?', 'Steve Jobs.').verdict).toBe('yes');
    expect(judge('How much does shipping cost?', '$5.').verdict).toBe('yes');
  });

  it('rejects a reply whose kind does not fit the question', () => {
    expect(judge('Does the plan include roaming?', 'Our store sells headphones.').verdict).toBe('no');
    expect(judge('How much does shipping cost?', 'Our headphones are wireless.').verdict).toBe('no');
  });

  it('accepts a clarifying question back to the user', () => {
    expect(judge('Where is my order?', 'Could you tell me which order you mean?').verdict).toBe('yes');
    expect(judge('I want to cancel.', 'Could you tell me which order you mean?').verdict).toBe('yes');
  });

  it('accepts a reply to a greeting', () => {
    expect(judge('Hi there', 'Hello!').verdict).toBe('yes');
  });

  it('accepts a refusal or deflection that acknowledges the request', () => {
    expect(judge("What's the weather like in Paris today?", "I can't check the weather, sorry.").verdict).toBe('yes');
    expect(judge("What's the weather like in Paris today?", "Sorry, I can't help with that.").verdict).toBe('yes');
    expect(judge("What's the weather like in Paris today?", "I'm sorry, our store sells headphones.").verdict).toBe('no');
  });

  it('counts earlier turns, but not the reply under judgement, as context', () => {
    const earlier: Message[] = [
      { role: 'user', content: 'My printer shows error E5.' },
      { role: 'assistant', content: 'Is it the laser model?' },
    ];
    expect(judge('Yes, the laser one.', 'Error E5 on the laser printer means a paper jam.', earlier).verdict).toBe('yes');
  });

  it('flags a reply that announces a change of subject, unless the user asked for one', () => {
    const out = judge('I loved Inception, the ending was so confusing.', "Let's talk about something else. My favourite colour is green, what's yours?");
    expect(out.verdict).toBe('no');
    expect(out.reason).toMatch(/change of subject/);
    expect(judge('What did you think of the cast?', 'On another note, the weather has been lovely this week.').verdict).toBe('no');
    expect(judge("I'm bored of films, can we talk about something else?", "Sure, let's talk about something else: do you cook?").verdict).toBe('yes');
  });

  it('does not take chatting back for staying on the subject', () => {
    // Replies of other conversations react and ask back as much as on-topic ones: that alone ties a reply to nothing.
    expect(judge('I loved Inception, the ending was so confusing.', "My favourite colour is green, what's yours?").verdict).toBe('no');
    expect(judge('The Eiffel Tower was finished in 1889.', 'Do you like cats? I have two of them.').verdict).toBe('no');
  });
});
