/*
 * Values that fit a JSON schema, made from the schema alone: what a grammar-constrained judge
 * (vLLM guided decoding, llama.cpp grammars, Ollama's `format`) may answer. It reads the subset
 * our judge requests use (type, properties, required, additionalProperties, items, prefixItems,
 * enum, const, anyOf, minimum/maximum, minItems/maxItems) and fails on anything else, so a
 * schema feature it does not know cannot pass unnoticed.
 *
 * Styles pick the awkward corners the schema still allows: `minimal` (empty arrays and strings,
 * first enum values), `duplicate` (every string the same, arrays of repeated entries), `last`
 * (last enum values, larger numbers) and `random` (seeded).
 */

type Schema = { [key: string]: unknown };
export type ValueStyle = 'minimal' | 'duplicate' | 'last' | 'random';
export const VALUE_STYLES: readonly ValueStyle[] = ['minimal', 'duplicate', 'last', 'random'];

const KNOWN = new Set([
  'type', 'properties', 'required', 'additionalProperties', 'items', 'prefixItems', 'enum', 'const', 'anyOf',
  'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'maxItems', 'description', 'title', '$schema', 'default',
]);

/** A small seeded generator (mulberry32), so that a failing value can be found again. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STRINGS = ['', 'same', 'Refunds take 5 days.', 'ünïcødé "quoted" \\ text', 'x'.repeat(40)];

export function valueFromSchema(schema: unknown, style: ValueStyle, random: () => number = seeded(1)): unknown {
  const node = schema as Schema;
  if (typeof node !== 'object' || node === null) throw new Error(`not a schema: ${JSON.stringify(schema)}`);
  for (const key of Object.keys(node)) if (!KNOWN.has(key)) throw new Error(`schema keyword "${key}" is not generated`);
  const pick = <T>(options: readonly T[]): T => {
    if (options.length === 0) throw new Error('nothing to pick from');
    if (style === 'minimal' || style === 'duplicate') return options[0];
    if (style === 'last') return options[options.length - 1];
    return options[Math.floor(random() * options.length)];
  };
  if ('const' in node) return node.const;
  if (Array.isArray(node.enum)) return pick(node.enum);
  if (Array.isArray(node.anyOf)) return valueFromSchema(pick(node.anyOf), style, random);
  const type = Array.isArray(node.type) ? pick(node.type as string[]) : (node.type as string | undefined);
  switch (type) {
    case 'object': {
      const properties = (node.properties ?? {}) as Record<string, unknown>;
      const required = new Set((node.required ?? []) as string[]);
      // Optional properties are left out in the minimal style, given otherwise.
      const keys = Object.keys(properties).filter((k) => required.has(k) || style !== 'minimal');
      return Object.fromEntries(keys.map((k) => [k, valueFromSchema(properties[k], style, random)]));
    }
    case 'array': {
      if (Array.isArray(node.prefixItems)) return node.prefixItems.map((item) => valueFromSchema(item, style, random));
      const min = (node.minItems as number | undefined) ?? 0;
      const max = (node.maxItems as number | undefined) ?? min + 3;
      const length = style === 'minimal' ? min : style === 'duplicate' ? Math.min(max, Math.max(min, 2)) : style === 'last' ? max : min + Math.floor(random() * (max - min + 1));
      if (node.items === undefined) return Array.from({ length }, () => null);
      if (style === 'duplicate') {
        const one = valueFromSchema(node.items, style, random);
        return Array.from({ length }, () => structuredClone(one));
      }
      return Array.from({ length }, () => valueFromSchema(node.items, style, random));
    }
    case 'string':
      return style === 'minimal' ? '' : style === 'duplicate' ? 'same' : pick(STRINGS);
    case 'integer':
    case 'number': {
      // zod's ±2^53 integer bounds (input schemas) are read as "any small number".
      const bound = (value: unknown, shift: number): number | undefined =>
        typeof value === 'number' && Math.abs(value) < 1e6 ? value + shift : undefined;
      const step = type === 'integer' ? 1 : 0.5;
      const low = bound(node.minimum, 0) ?? bound(node.exclusiveMinimum, step) ?? -3;
      const high = bound(node.maximum, 0) ?? bound(node.exclusiveMaximum, -step) ?? low + 12;
      if (style === 'minimal') return low;
      if (style === 'last' || style === 'duplicate') return high;
      const n = low + Math.floor(random() * (high - low + 1));
      return type === 'number' && random() < 0.5 && n < high ? n + 0.5 : n;
    }
    case 'boolean':
      return style === 'last' || (style === 'random' && random() < 0.5);
    case 'null':
      return null;
    case undefined:
      // {} (z.unknown()): any JSON value.
      return style === 'minimal' ? null : { any: 'value' };
    default:
      throw new Error(`schema type "${String(type)}" is not generated`);
  }
}

/** Several values of one schema: each style, and `randomCount` seeded random ones. */
export function valuesFromSchema(schema: unknown, randomCount = 4, seed = 1): unknown[] {
  const random = seeded(seed);
  return [
    ...VALUE_STYLES.filter((s) => s !== 'random').map((style) => valueFromSchema(schema, style, random)),
    ...Array.from({ length: randomCount }, () => valueFromSchema(schema, 'random', random)),
  ];
}
