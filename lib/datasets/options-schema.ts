import { z } from 'zod';
import { csvMappingSchema } from './csv-mapping';
import { roleValuesSchema } from './roles';
import { FORMAT_IDS } from './types';

/** A field name of chat-message records (thread-jsonl), or a dotted path into one. */
export const threadFieldSchema = z
  .string()
  .trim()
  .min(1, 'name a field')
  .max(200, 'a field name is at most 200 characters')
  .refine((v) => v.length > 200 || v.split('.').every((part) => part !== '' && part.trim() === part), 'a field name, or a dotted path such as metadata.session_id');

/** Parse options as they arrive from a form, a route or the CLI. */
export const parseOptionsSchema = z.object({
  fileName: z.string().optional(),
  format: z.enum(FORMAT_IDS).optional(),
  csvMapping: csvMappingSchema.optional(),
  roleValues: roleValuesSchema.optional(),
  maxProblems: z.number().int().positive().optional(),
  grouping: z.enum(['contiguous', 'all']).optional(),
  maxJsonChars: z.number().positive().optional(),
  maxRecordChars: z.number().int().positive().optional(),
  threadKey: threadFieldSchema.optional(),
  orderBy: threadFieldSchema.optional(),
  limits: z.object({ maxTurns: z.number().int().positive(), maxTurnChars: z.number().int().positive() }).optional(),
});
