import { z } from 'zod';
import { csvMappingSchema, FORMAT_IDS, type CsvMapping, type FormatId } from '../datasets';

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
});
export interface ImportOptions {
  name: string;
  modelVersion?: string;
  fileName?: string;
  format?: FormatId;
  csvMapping?: CsvMapping;
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
  return params;
}

/** Reads the options back from a query string; a csvMapping that is not JSON fails validation. */
export function importOptionsFromSearchParams(params: URLSearchParams) {
  let csvMapping: unknown;
  const rawMapping = params.get('csvMapping');
  if (rawMapping) {
    try {
      csvMapping = JSON.parse(rawMapping);
    } catch {
      csvMapping = rawMapping;
    }
  }
  return importOptionsSchema.safeParse({
    name: params.get('name') ?? '',
    modelVersion: params.get('modelVersion') ?? undefined,
    fileName: params.get('fileName') ?? undefined,
    format: params.get('format') ?? undefined,
    csvMapping,
  });
}
