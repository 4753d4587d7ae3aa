import type { Rng } from '../random';

export type Params = Record<string, string | number>;

/** Something a user tells the assistant about themselves (knowledge_retention's facts). */
export interface FactSpec {
  key: string;
  value: (rng: Rng) => string;
  /** How the user states it; "{v}" is the value. */
  statements: readonly string[];
}

/** One knowledge-base document and the exchanges that lean on it. */
export interface DocumentSpec {
  /** The numbers this document states in one conversation (fees, limits, days…). */
  params: (rng: Rng) => Params;
  text: (p: Params, company: string) => string;
  questions: readonly string[];
  /** A reply faithful to the document; also the turn's expected output. */
  answer: (p: Params) => string;
  /** A reply that contradicts the document on its numbers. */
  contradiction: (p: Params) => string;
  /** Reference items the reply should cover (context_coverage). */
  context: (p: Params) => string[];
}

export interface Topic {
  name: string;
  companies: readonly string[];
  facts: readonly FactSpec[];
  documents: readonly DocumentSpec[];
}

export const money = (n: number): string => `$${n.toLocaleString('en-US')}`;
export const digits = (rng: Rng, n: number): string => Array.from({ length: n }, () => rng.int(0, 9)).join('');
export const letters = (rng: Rng, n: number): string =>
  Array.from({ length: n }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ'[rng.int(0, 23)]).join('');
export const phone = (rng: Rng): string => `${rng.int(201, 989)}-555-${digits(rng, 4)}`;
