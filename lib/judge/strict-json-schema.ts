import { z } from 'zod';

export type JsonSchema = { [key: string]: unknown };

const isPlainObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The JSON schema of a zod schema in the subset OpenAI's strict structured outputs accept:
 * every object closed and with all its properties required, no `$schema`, no `default`,
 * and no ±2^53 bounds that zod adds to every integer.
 */
export function toStrictJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
  const { $schema: _ignored, ...rest } = json;
  return makeStrict(rest);
}

function makeStrict(node: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'default') continue;
    if ((key === 'minimum' || key === 'maximum') && isSafeIntegerBound(value)) continue;
    if (key === 'const') {
      out.enum = [value];
      continue;
    }
    out[key] = strictValue(key, value);
  }
  if (out.type === 'object' || isPlainObject(out.properties)) {
    const properties = isPlainObject(out.properties) ? out.properties : {};
    out.properties = properties;
    out.required = Object.keys(properties);
    out.additionalProperties = false;
  }
  return out;
}

function strictValue(key: string, value: unknown): unknown {
  if (key === 'enum') return value;
  if (key === 'properties' || key === '$defs' || key === 'definitions') {
    if (!isPlainObject(value)) return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isPlainObject(v) ? makeStrict(v) : v]));
  }
  if (Array.isArray(value)) return value.map((v) => (isPlainObject(v) ? makeStrict(v) : v));
  if (isPlainObject(value)) return makeStrict(value);
  return value;
}

const isSafeIntegerBound = (value: unknown): boolean =>
  value === Number.MAX_SAFE_INTEGER || value === Number.MIN_SAFE_INTEGER;
