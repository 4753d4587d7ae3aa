import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toStrictJsonSchema } from './strict-json-schema';

type Node = Record<string, unknown>;

// Each step's reply schema is checked in tests/step-contract.test.ts.
describe('toStrictJsonSchema', () => {
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
