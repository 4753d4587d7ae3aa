import type { Problem, Severity } from './types';

export const DEFAULT_MAX_PROBLEMS = 500;

/** Collects problems up to a cap so a file with a million bad rows stays small in memory. */
export class ProblemLog {
  readonly list: Problem[] = [];
  private omitted = 0;
  private omittedErrors = 0;
  private errorCount = 0;

  /** The file of a folder or archive being read: problems without a file are stamped with it. */
  file: string | undefined;

  constructor(private readonly max: number = DEFAULT_MAX_PROBLEMS) {}

  add(given: Problem): void {
    const problem = given.file === undefined && this.file !== undefined ? { ...given, file: this.file } : given;
    if (problem.severity === 'error') this.errorCount++;
    if (this.list.length < this.max) {
      this.list.push(problem);
      return;
    }
    this.omitted++;
    if (problem.severity === 'error') this.omittedErrors++;
  }

  get hasErrors(): boolean {
    return this.errorCount > 0;
  }

  /** Adds the summary of what the cap left out; call once, at the end. */
  close(): void {
    if (this.omitted === 0) return;
    const lastLine = this.list.reduce((max, p) => Math.max(max, p.line), 1);
    this.list.push({
      severity: this.omittedErrors > 0 ? 'error' : 'warning',
      line: lastLine,
      field: '',
      message: `${this.omitted} more problems not listed (${this.omittedErrors} errors); only the first ${this.max} are shown`,
    });
    this.omitted = 0;
  }
}

export const hasErrors = (problems: readonly Problem[]): boolean => problems.some((p) => p.severity === 'error');

export const problem = (severity: Severity, line: number, field: string, message: string, record?: number): Problem =>
  record === undefined ? { severity, line, field, message } : { severity, line, field, message, record };

/** One line for logs and the CLI: `line 4, turns[2].role: unknown role "system" …` (`trace_1.json, line 4, …` in a folder). */
export function formatProblem(p: Problem): string {
  const file = p.file !== undefined ? `${p.file}, ` : '';
  // File-level messages already say where ("broken JSON at line 3, column 17: …").
  if (!p.field && p.message.includes(`line ${p.line}`)) return `${p.severity}: ${file}${p.message}`;
  const where = [`${file}line ${p.line}${p.column !== undefined ? `, column ${p.column}` : ''}`];
  if (p.field) where.push(p.field);
  return `${p.severity}: ${where.join(', ')}: ${p.message}`;
}
