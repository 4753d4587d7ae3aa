import type { Conversation, Turn } from '../types';

/** Test builders for conversations; used only by the metric tests. */
export const user = (content: string): Turn => ({ role: 'user', content });
export const assistant = (content: string, extra: Partial<Turn> = {}): Turn => ({ role: 'assistant', content, ...extra });

/**
 * n alternating user/assistant exchanges. Assistant turn i carries its own document, the
 * previous turn's document again (so windows overlap in documents), an expected output and
 * context items, as a RAG chatbot's log would.
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
      }),
    );
  }
  return { turns };
}
