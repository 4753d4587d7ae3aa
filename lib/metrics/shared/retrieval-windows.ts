import type { Turn } from '../../domain/conversation';
import { assistantTurnsOf, segmentExchanges, type Exchange } from './exchanges';
import { isBlank } from './messages';
import { windowFor } from './windows';

/** The retrieval of one exchange window, as deepeval's turn contextual metrics gather it. */
export interface RetrievalWindow {
  end: Exchange;
  members: Exchange[];
  /** 0-based exchange indexes the window spans. */
  exchanges: [number, number];
  /** The retrieval_context items of the window's assistant turns, in order, repeats and blank ones kept (the reference ranks and judges both). */
  nodes: string[];
  /** The non-blank nodes, each once, in order of first appearance: what the judge is shown (a blank node is irrelevant without a call). */
  distinct: string[];
  /** A retriever ran in the window (some turn carries retrieval_context) and found nothing. */
  retrievedNothing: boolean;
  /** The window's user messages, one per line (the reference's user_content). */
  userMessages: string;
}

/**
 * One window per exchange i: exchanges max(0, i-size+1) … i (deepeval's get_unit_interactions and
 * get_turns_in_sliding_window), with the retrieval context of its assistant turns. A retriever
 * that ran and found nothing ([] or only blank nodes) is a finding; no retrieval_context field at
 * all is not. A blank node beside others is a node: the reference ranks it and judges it.
 */
export function retrievalWindows(turns: Turn[], size: number): RetrievalWindow[] {
  const exchanges = segmentExchanges(turns);
  return exchanges.map((end, i) => {
    const members = windowFor(exchanges, i, size);
    const assistants = members.flatMap((e) => assistantTurnsOf(e).map((t) => turns[t]));
    const nodes = assistants.flatMap((t) => t.retrievalContext ?? []);
    return {
      end,
      members,
      exchanges: [members[0].index, end.index],
      nodes,
      distinct: [...new Set(nodes.filter((n) => !isBlank(n)))],
      retrievedNothing: nodes.every(isBlank) && assistants.some((t) => t.retrievalContext !== undefined),
      userMessages: members.map((e) => e.userMessage).join('\n'),
    };
  });
}

/**
 * deepeval's per-window judge calls, counted: the windows whose assistant turns carry at least
 * one retrieval_context item (the reference calls on blank items too).
 */
export function referenceRetrievalWindows(turns: Turn[], size: number): { nodes: number }[] {
  const exchanges = segmentExchanges(turns);
  return exchanges
    .map((_, i) => ({ nodes: windowFor(exchanges, i, size).flatMap((e) => assistantTurnsOf(e).flatMap((t) => turns[t].retrievalContext ?? [])).length }))
    .filter((w) => w.nodes > 0);
}
