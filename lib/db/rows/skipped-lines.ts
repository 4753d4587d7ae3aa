import { z } from 'zod';

/** A line of an imported file left out by "skip invalid rows", and why. */
export const skippedLineSchema = z.object({ line: z.number().int(), field: z.string(), message: z.string(), /** Its file, in a folder or archive. */ file: z.string().optional() });
export type SkippedLine = z.infer<typeof skippedLineSchema>;

/** The stored note (a JSON column) as a list; none when nothing was skipped or the note cannot be read. */
export function readSkippedLines(stored: unknown): SkippedLine[] {
  const parsed = z.array(skippedLineSchema).safeParse(stored);
  return parsed.success ? parsed.data : [];
}
