import type { Conversation, Turn } from '../../domain/conversation';

/** Test builders for conversations; used only by the metric tests. */
export const user = (content: string): Turn => ({ role: 'user', content });
export const assistant = (content: string, extra: Partial<Turn> = {}): Turn => ({ role: 'assistant', content, ...extra });

/**
 * n alternating user/assistant exchanges. Assistant turn i carries its own document, the
 * previous turn's document again (so windows overlap in documents), an expected output and
 * context items and a lookup tool call, as a RAG agent's log would.
 */
export function ragConversation(n: number): Conversation {
  const turns: Turn[] = [];
  for (let i = 0; i < n; i++) {
    turns.push(user(`Question ${i}?`));
    turns.push(
      assistant(`Answer ${i}. Fact ${i} holds.`, {
        retrievalContext: i === 0 ? [`Doc ${i}: fact ${i} holds.`] : [`Doc ${i}: fact ${i} holds.`, `Doc ${i - 1}: fact ${i - 1} holds.`],
        expectedOutput: `Fact ${i} holds.`,
        context: [`fact ${i}`, `detail ${i}`],
        toolsCalled: [{ name: 'lookup_fact', input_parameters: { fact: i } }],
      }),
    );
  }
  return {
    expectedOutcome: `Fact 0 holds. Fact ${n - 1} holds.`,
    chatbotRole: 'A helpful assistant that answers from the facts it retrieved.',
    relevantTopics: ['the facts it retrieved'],
    availableTools: [{ name: 'lookup_fact', description: 'Looks a numbered fact up' }],
    turns,
  };
}

const FACTS = [
  ['The museum opens at 9 am.', 'The museum opens at 9 am.'],
  ['Tickets cost 12 euros.', 'Tickets cost 12 euros.'],
  ['The east wing shows Roman coins.', 'The east wing shows Roman coins.'],
  ['The cafe is on the second floor.', 'The cafe is on the second floor.'],
  ['Guided tours start at 11 am.', 'Guided tours start at 11 am.'],
  ['The garden closes at 6 pm.', 'The garden closes at 6 pm.'],
  // Turn 14 (index 13): the reply contradicts what it retrieved.
  ['Children under 6 enter for free.', 'Children under 16 enter for free.'],
  ['The library holds 40000 books.', 'The library holds 40000 books.'],
  ['Parking costs 5 euros a day.', 'Parking costs 5 euros a day.'],
  ['The shop sells postcards and maps.', 'The shop sells postcards and maps.'],
] as const;

/**
 * Ten exchanges of a museum assistant; each reply states one fact of its retrieved document,
 * and only the reply on turn 14 (index 13) contradicts it.
 */
export function contradictionOnTurn14(): Conversation {
  const turns: Turn[] = [];
  FACTS.forEach(([document, reply], i) => {
    turns.push(user(`Question ${i + 1} about the museum?`));
    turns.push(assistant(reply, { retrievalContext: [document] }));
  });
  return { externalId: 'museum-turn-14', turns };
}
