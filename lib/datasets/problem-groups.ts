import type { Problem, Severity } from './types';

export interface ProblemGroup {
  severity: Severity;
  field: string;
  message: string;
  /** Lines with this problem (each counted once). */
  count: number;
  /** The first lines, in file order. */
  lines: number[];
  /** The files of those lines, when they come from a folder or archive (same order as lines). */
  files?: string[];
}

const FIRST_LINES = 5;

/**
 * Problems by kind (same severity, field and message), errors first, then by how often they
 * occur: "unknown role "agent_1"" on 435 rows is one group of 435, not 435 lines. A line
 * reported twice for the same kind is counted once.
 */
export function groupProblems(problems: readonly Problem[]): ProblemGroup[] {
  const groups = new Map<string, ProblemGroup & { seen: Set<string> }>();
  for (const p of problems) {
    // turns[0].role and turns[7].role are one cause: positions in a list do not make kinds.
    const field = p.field.replace(/\[\d+\]/g, '[]');
    const key = `${p.severity}\u0000${field}\u0000${p.message}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { severity: p.severity, field, message: p.message, count: 0, lines: [], seen: new Set() }));
    const at = p.file === undefined ? String(p.line) : `${p.file}\u0000${p.line}`;
    if (group.seen.has(at)) continue;
    group.seen.add(at);
    group.count += 1;
    if (group.lines.length < FIRST_LINES) {
      group.lines.push(p.line);
      if (p.file !== undefined) (group.files ??= []).push(p.file);
    }
  }
  return [...groups.values()]
    .map(({ seen: _seen, ...group }) => group)
    .sort((a, b) => (a.severity === b.severity ? b.count - a.count : a.severity === 'error' ? -1 : 1));
}
