import { describe, expect, it } from 'vitest';
import { judgeRelevance } from './relevance';

/*
 * People chatting about a document they read: replies bring new facts from it. Such a reply is
 * relevant when it answers the question, points back at what was said, or takes up the thing
 * asked about; a reply about something else entirely is still irrelevant.
 */
type Message = { role: 'user' | 'assistant'; content: string };
const chat = (previous: string, userMessage: string, assistantMessage: string) => {
  const window: Message[] = [
    { role: 'assistant', content: previous },
    { role: 'user', content: userMessage },
  ];
  return judgeRelevance({ window, userMessage, assistantMessage });
};
const FILM = 'The film is Gravity, a space thriller directed by Alfonso Cuarón.';

describe('relevancy in a chat about a document (offline)', () => {
  it('a reply that takes up the thing the user asked about, even a kind word like "film"', () => {
    expect(chat(FILM, 'What is the film about?', 'The film is about two astronauts stranded after their shuttle is destroyed.').verdict).toBe('yes');
  });

  it('a reply that goes on about what was said by pointing back at it', () => {
    expect(chat(FILM, 'I think I saw a trailer once, years ago.', 'It won seven Oscars and critics praised the long opening shot.').verdict).toBe('yes');
    expect(chat(FILM, 'Sandra Bullock was great in it.', 'Yeah, she trained for months to look weightless.').verdict).toBe('yes');
  });

  it('an answer that leads with what was asked for, whatever follows it', () => {
    expect(chat(FILM, 'Who plays the main character?', 'An astronaut named Ryan Stone, played by Sandra Bullock. She is on her first mission.').verdict).toBe('yes');
    expect(chat(FILM, 'Was it filmed in space?', 'No. Most scenes were shot in a light box in London.').verdict).toBe('yes');
  });

  it('"I don\'t know" to a question', () => {
    expect(chat(FILM, 'How long is the film?', "I don't know, the page doesn't say.").verdict).toBe('yes');
  });

  it('still refuses a reply about something else', () => {
    expect(chat(FILM, 'Who directed the film?', 'Our office is moving to a new building downtown in March.').verdict).toBe('no');
    expect(chat(FILM, 'I might watch it this weekend.', 'My neighbour grows tomatoes in his greenhouse every spring.').verdict).toBe('no');
    expect(chat(FILM, 'Was it filmed in space?', 'Electric scooters are everywhere in my city now.').verdict).toBe('no');
  });

  it('chit-chat that stays in the exchange is not failed, though it shares no word with the user', () => {
    // Reacting, referring back and talking back: what people do in a chat about what they read.
    expect(chat(FILM, 'I usually watch films at home on my laptop.', "Yeah, I'm the same, it's cheaper and nobody talks.").verdict).toBe('yes');
    expect(chat(FILM, 'Deep dish pizza from Chicago is my favourite.', "I've only had it once, do you make it yourself?").verdict).toBe('yes');
    expect(chat(FILM, 'My allergies get bad every spring.', 'Allergic reactions can start very young.').verdict).toBe('yes');
  });

  it('says why a reply is kept when only the fitted model keeps it', () => {
    const out = chat(FILM, 'I usually watch films at home on my laptop.', "Yeah, I'm the same, it's cheaper and nobody talks.");
    expect(out.reason).toMatch(/stays in the exchange.*cut-off/);
  });

  it('a statement about something else entirely is flagged, whoever says it', () => {
    expect(chat(FILM, 'I usually watch films at home on my laptop.', 'The local library is closed for renovations.').verdict).toBe('no');
    expect(chat(FILM, 'Pasta is easy, maybe I will start there.', 'I need to renew my passport before the summer trip.').verdict).toBe('no');
  });
});
