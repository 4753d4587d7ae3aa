import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { stepSchemas } from './steps';
import { toStrictJsonSchema } from './strict-json-schema';

type Node = Record<string, unknown>;

/** Every object node of a JSON schema. */
function objects(node: unknown): Node[] {
  if (Array.isArray(node)) return node.flatMap(objects);
  if (typeof node !== 'object' || node === null) return [];
  const self = (node as Node).type === 'object' ? [node as Node] : [];
  return [...self, ...Object.values(node).flatMap(objects)];
}

describe('toStrictJsonSchema', () => {
  it.each(Object.keys(stepSchemas) as (keyof typeof stepSchemas)[])('makes the %s output strict', (step) => {
    const schema = toStrictJsonSchema(stepSchemas[step].output);
    expect(schema).not.toHaveProperty('$schema');
    for (const node of objects(schema)) {
      expect(node.additionalProperties).toBe(false);
      expect(node.required).toEqual(Object.keys(node.properties as Node));
    }
    expect(JSON.stringify(schema)).not.toContain('9007199254740991');
  });

  it('requires optional fields, drops defaults and turns const into enum', () => {
    const schema = toStrictJsonSchema(
      z.object({ a: z.string().optional(), b: z.number().default(3), c: z.literal('x'), d: z.number().int().min(0) }),
    );
    expect(schema.required).toEqual(['a', 'b', 'c', 'd']);
    const props = schema.properties as Record<string, Node>;
    expect(props.b).not.toHaveProperty('default');
    expect(props.c).toEqual({ type: 'string', enum: ['x'] });
    expect(props.d).toMatchObject({ type: 'integer', minimum: 0 });
  });
});
