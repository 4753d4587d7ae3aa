import { z } from 'zod';

/*
 * Replies that hold one entry per input item (document, claim, context item) are objects with
 * one required property per item, named by its number from 1 ("1", "2", …), closed to any
 * other: JSON schema says "every item once, no other" with `properties`, `required` and
 * `additionalProperties: false`, which every structured-output server enforces (OpenAI strict
 * mode, vLLM's xgrammar/guidance, llama.cpp grammars and so Ollama's `format`), unlike
 * minItems/maxItems or uniqueness. So a reply that fits the schema is a complete reply.
 */

/** The property names of `count` items: "1" … String(count). */
export const itemKeys = (count: number): string[] => Array.from({ length: count }, (_, i) => String(i + 1));

/** A step's output shape for any number of items (typing only; the schema sent is `entryPerItem`'s). */
export const entriesByItem = <T extends z.ZodType>(entry: T) => z.record(z.string(), entry);

const byEntry = new WeakMap<z.ZodType, Map<number, z.ZodType>>();

/**
 * The reply for exactly `count` items: one required entry per item number, no other property.
 * Memoised per entry schema and count, so that its JSON schema is computed once.
 */
export function entryPerItem<T extends z.ZodType>(count: number, entry: T): z.ZodType<Record<string, z.output<T>>> {
  let counts = byEntry.get(entry);
  if (!counts) byEntry.set(entry, (counts = new Map()));
  let schema = counts.get(count);
  if (!schema) {
    schema = z.strictObject(Object.fromEntries(itemKeys(count).map((key) => [key, entry])));
    counts.set(count, schema);
  }
  return schema as z.ZodType<Record<string, z.output<T>>>;
}

const byKeys = new WeakMap<z.ZodType, Map<string, z.ZodType>>();

/**
 * The reply for items named by `keys` (turn numbers, say): one required entry per distinct key,
 * no other property. Memoised per entry schema and key list.
 */
export function entryPerKey<T extends z.ZodType>(keys: readonly string[], entry: T): z.ZodType<Record<string, z.output<T>>> {
  const distinct = [...new Set(keys)];
  const id = distinct.join(',');
  let known = byKeys.get(entry);
  if (!known) byKeys.set(entry, (known = new Map()));
  let schema = known.get(id);
  if (!schema) {
    schema = z.strictObject(Object.fromEntries(distinct.map((key) => [key, entry])));
    known.set(id, schema);
  }
  return schema as z.ZodType<Record<string, z.output<T>>>;
}

/** The entries of a reply made by `entryPerItem`, in item order. */
export const entriesInOrder = <T>(byItem: Record<string, T>, count: number): T[] => itemKeys(count).map((key) => byItem[key]);

/** Entries in item order as a reply made by `entryPerItem` holds them (the offline judge and test judges write replies so). */
export const byItemNumber = <T>(entries: readonly T[]): Record<string, T> => Object.fromEntries(entries.map((entry, i) => [String(i + 1), entry]));

/** One of the numbers 1 … count (count ≥ 1; a node a reply names) as an enum, which every server enforces. */
export function itemNumber(count: number): z.ZodType<number> {
  return z.literal(itemKeys(count).map(Number) as [number, ...number[]]) as unknown as z.ZodType<number>;
}

/** An integer on [low, high] as an enum (minimum/maximum are not enforced by every server). */
export function integerIn([low, high]: readonly [number, number]): z.ZodType<number> {
  if (high < low) throw new Error(`empty score range ${low}–${high}`);
  const values = Array.from({ length: Math.max(0, high - low) + 1 }, (_, i) => low + i);
  return z.literal(values as [number, ...number[]]) as unknown as z.ZodType<number>;
}
