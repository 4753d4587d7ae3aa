import { readFileSync, statSync } from 'node:fs';
import { checkCustomDefinition } from '../custom-metrics/check-definition';
import { AppError, isAppError } from '../errors';
import type { GEvalDefinition } from '../metrics/g-eval/definition';

/** "line 3, column 7" of a JSON.parse error's position, when its message gives one. */
function whereInJson(text: string, message: string): string {
  const position = /position (\d+)/.exec(message)?.[1];
  if (position === undefined) return '';
  const before = text.slice(0, Number(position));
  const line = before.split('\n').length;
  return ` (line ${line}, column ${Number(position) - before.lastIndexOf('\n')})`;
}

/** A definition holds at most ~60,000 characters of text (DEFINITION_LIMITS); a file far larger is not read. */
export const MAX_METRIC_FILE_BYTES = 256 * 1024;

/**
 * `--metric-file FILE` (repeatable): custom metric definitions as JSON, e.g.
 * `{ "name": "refund_policy", "scope": "conversation", "criteria": "…" }`. A problem names the
 * file and the field; two files may not define one name.
 */
export function loadMetricFiles(files: readonly string[]): GEvalDefinition[] {
  const out: GEvalDefinition[] = [];
  for (const file of files) {
    const fail = (message: string): never => {
      throw new AppError('BAD_INPUT', `--metric-file ${file}: ${message}`, { field: '--metric-file', file });
    };
    let text = '';
    let size = 0;
    try {
      size = statSync(file).size;
      if (size <= MAX_METRIC_FILE_BYTES) text = readFileSync(file, 'utf8');
    } catch (e) {
      fail((e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message);
    }
    if (size > MAX_METRIC_FILE_BYTES) fail(`is ${Math.ceil(size / 1024).toLocaleString('en-US')} KB; a metric definition file may be at most ${MAX_METRIC_FILE_BYTES / 1024} KB`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      fail(`not valid JSON${whereInJson(text, (e as Error).message)}: ${(e as Error).message}`);
    }
    try {
      const definition = checkCustomDefinition(json);
      if (out.some((d) => d.name === definition.name)) fail(`another --metric-file already defines ${definition.name}`);
      out.push(definition);
    } catch (e) {
      if (isAppError(e) && e.code === 'BAD_INPUT' && !e.message.startsWith('--metric-file')) fail(e.message);
      throw e;
    }
  }
  return out;
}
