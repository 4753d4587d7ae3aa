import type { Turn } from '../../domain/conversation';

/** One user→assistant exchange of a conversation (metrics.md, "Exchanges"). */
export interface Exchange {
  /** Position of the exchange, 0-based. */
  index: number;
  /** Indices in Conversation.turns of every turn in the exchange, in order. */
  turns: number[];
  /** Assistant turns before the user side; only the first exchange can have them (a greeting). */
  greetingTurns: number[];
  userTurns: number[];
  /** Assistant turns answering the user side. */
  replyTurns: number[];
  /** The user side, consecutive user turns merged. */
  userMessage: string;
  /** The reply side, consecutive assistant turns merged. */
  assistantMessage: string;
  /** Index of the assistant turn that ends the exchange: every verdict of its window belongs here. */
  endTurn: number;
}

const merge = (turns: Turn[], indices: number[]): string => indices.map((i) => turns[i].content).join('\n');

/**
 * Splits turns into exchanges. Consecutive same-role turns merge into one side; assistant
 * turns before the first user turn (a greeting) join the first exchange; a user turn after an
 * assistant turn opens a new exchange; user turns with no reply after them are not scored, so a
 * conversation without an assistant reply to a user has zero exchanges.
 */
export function segmentExchanges(turns: Turn[]): Exchange[] {
  const exchanges: Exchange[] = [];
  let greeting: number[] = [];
  let user: number[] = [];
  let reply: number[] = [];

  const close = (): void => {
    if (user.length === 0 || reply.length === 0) return;
    const all = [...greeting, ...user, ...reply];
    exchanges.push({
      index: exchanges.length,
      turns: all,
      greetingTurns: greeting,
      userTurns: user,
      replyTurns: reply,
      userMessage: merge(turns, user),
      assistantMessage: merge(turns, reply),
      endTurn: reply[reply.length - 1],
    });
    greeting = [];
    user = [];
    reply = [];
  };

  turns.forEach((turn, i) => {
    if (turn.role === 'user') {
      if (reply.length > 0) close();
      user.push(i);
    } else if (user.length === 0) {
      greeting.push(i);
    } else {
      reply.push(i);
    }
  });
  close();
  return exchanges;
}

/** All assistant turns of an exchange (greeting and reply), in order. */
export const assistantTurnsOf = (exchange: Exchange): number[] => [...exchange.greetingTurns, ...exchange.replyTurns];

/** The exchange as chat messages, each side merged into one message. */
export function exchangeMessages(turns: Turn[], exchange: Exchange): { role: 'user' | 'assistant'; content: string }[] {
  const sides: { role: 'user' | 'assistant'; content: string }[] = [];
  if (exchange.greetingTurns.length > 0) sides.push({ role: 'assistant', content: merge(turns, exchange.greetingTurns) });
  sides.push({ role: 'user', content: exchange.userMessage });
  sides.push({ role: 'assistant', content: exchange.assistantMessage });
  return sides;
}
