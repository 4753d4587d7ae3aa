import { stat } from 'node:fs/promises';
import { formatProblem, hasErrors, type FormatId } from '../datasets';
import { readDatasetFile } from '../datasets/read-file-node';
import { AppError } from '../errors';
import type { Conversation } from '../domain/conversation';

const SHOWN_PROBLEMS = 20;

/** Reads and parses a dataset file; any error problem stops with a message naming file, line and field. */
export async function loadDatasetFile(file: string): Promise<{ format: FormatId; conversations: Conversation[] }> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new AppError('BAD_INPUT', `${file}: no such file`, { file });
  const parsed = await readDatasetFile(file);
  if (hasErrors(parsed.problems) || parsed.format === null) {
    const errors = parsed.problems.filter((p) => p.severity === 'error');
    const lines = errors.slice(0, SHOWN_PROBLEMS).map((p) => `  ${file}: ${formatProblem(p)}`);
    if (errors.length > SHOWN_PROBLEMS) lines.push(`  … and ${errors.length - SHOWN_PROBLEMS} more`);
    throw new AppError('BAD_INPUT', `cannot read dataset ${file}:\n${lines.join('\n')}`, { file });
  }
  if (parsed.conversations.length === 0) throw new AppError('BAD_INPUT', `${file}: the dataset has no conversations`, { file });
  return { format: parsed.format, conversations: parsed.conversations };
}
