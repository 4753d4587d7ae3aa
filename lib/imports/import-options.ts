import { z } from 'zod';
import { csvMappingSchema, FORMAT_IDS, roleValuesSchema, type CsvMapping, type FormatId, type RoleValues } from '../datasets';
import { threadFieldSchema } from '../datasets/options-schema';
import { parseRedactSpec, type RedactSpec } from '../pii/redact-spec';

/** `redact`: what personal data to take out before anything is stored (lib/pii/redact-spec.ts); absent or "none": nothing. */
const redactOption = z
  .string()
  .max(2000, 'Keep redact under 2,000 characters')
  .describe('Personal data to replace with placeholders before storing: email, phone, card, ip, custom:<pattern>, builtin or all, comma-separated')
  .optional()
  .transform((text, ctx): RedactSpec | undefined => {
    if (!text?.trim()) return undefined;
    const parsed = parseRedactSpec(text);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }
    const { spec } = parsed;
    return spec.kinds.length || spec.patterns.length || spec.allPatterns ? spec : undefined;
  });

/** What an upload says about the file besides its bytes (query string of the upload route). */
export const importOptionsSchema = z.object({
  name: z.string().trim().min(1, 'Give the dataset a name').max(200, 'Keep the name under 200 characters'),
  modelVersion: z
    .string()
    .trim()
    .max(200, 'Keep the model version under 200 characters')
    .optional()
    .transform((v) => (v ? v : undefined)),
  fileName: z.string().trim().max(500).optional(),
  format: z.enum(FORMAT_IDS).optional(),
  csvMapping: csvMappingSchema.optional(),
  roleValues: roleValuesSchema.optional(),
  /** Chat messages with a thread key: the field that groups them into conversations, and the one that orders them. */
  threadKey: threadFieldSchema.optional(),
  orderBy: threadFieldSchema.optional(),
  /** Store the valid conversations and a note of the lines left out, instead of refusing the file. */
  skipInvalid: z
    .enum(['true', 'false'], { error: 'skipInvalid is "true" or "false"' })
    .optional()
    .transform((v) => v === 'true'),
  redact: redactOption,
});
export interface ImportOptions {
  name: string;
  modelVersion?: string;
  fileName?: string;
  format?: FormatId;
  csvMapping?: CsvMapping;
  roleValues?: RoleValues;
  threadKey?: string;
  orderBy?: string;
  skipInvalid?: boolean;
  /** Personal data to take out of every conversation before it is stored. */
  redact?: RedactSpec;
}
export type ImportOptionsInput = z.input<typeof importOptionsSchema>;

/** The query string the upload route reads: csvMapping travels as JSON. */
export function importOptionsToSearchParams(options: ImportOptionsInput): URLSearchParams {
  const params = new URLSearchParams();
  params.set('name', options.name);
  if (options.modelVersion) params.set('modelVersion', options.modelVersion);
  if (options.fileName) params.set('fileName', options.fileName);
  if (options.format) params.set('format', options.format);
  if (options.csvMapping) params.set('csvMapping', JSON.stringify(options.csvMapping));
  if (options.roleValues && Object.keys(options.roleValues).length > 0) params.set('roleValues', JSON.stringify(options.roleValues));
  if (options.threadKey) params.set('threadKey', options.threadKey);
  if (options.orderBy) params.set('orderBy', options.orderBy);
  if (options.skipInvalid) params.set('skipInvalid', String(options.skipInvalid));
  if (options.redact?.trim()) params.set('redact', options.redact);
  return params;
}

/** A field that travels as JSON; text that is not JSON is passed on as it is, to fail validation by name. */
export function jsonField(raw: string | null | undefined): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** Reads the options back from a query string; a csvMapping or roleValues that is not JSON fails validation. */
export function importOptionsFromSearchParams(params: URLSearchParams) {
  return importOptionsSchema.safeParse({
    name: params.get('name') ?? '',
    modelVersion: params.get('modelVersion') ?? undefined,
    fileName: params.get('fileName') ?? undefined,
    format: params.get('format') ?? undefined,
    csvMapping: jsonField(params.get('csvMapping')),
    roleValues: jsonField(params.get('roleValues')),
    threadKey: params.get('threadKey') ?? undefined,
    orderBy: params.get('orderBy') ?? undefined,
    skipInvalid: params.get('skipInvalid') ?? undefined,
    redact: params.get('redact') ?? undefined,
  });
}

/** What of an import's options the parser reads (the upload, the CLI, the API and the preview alike). */
export const parseOptionsOf = (options: Pick<ImportOptions, 'fileName' | 'format' | 'csvMapping' | 'roleValues' | 'threadKey' | 'orderBy'>) => ({
  fileName: options.fileName,
  format: options.format,
  csvMapping: options.csvMapping,
  roleValues: options.roleValues,
  threadKey: options.threadKey,
  orderBy: options.orderBy,
});
