import { z } from 'zod';
import { csvMappingSchema } from './csv-mapping';
import { roleValuesSchema } from './roles';
import { FORMAT_IDS } from './types';

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
  limits: z.object({ maxTurns: z.number().int().positive(), maxTurnChars: z.number().int().positive() }).optional(),
});
