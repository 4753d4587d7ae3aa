import type { FaithCase } from './datasets';

/** Replies to one HaluEval question, or to one FaithDial knowledge and history, share a group (and so a fold). */
export function groupOf(set: 'halueval' | 'faithdial', c: FaithCase): string {
  return set === 'halueval' ? c.id.replace(/-(right|hallucinated)$/, '') : `${c.knowledge}\n${c.user}`;
}
