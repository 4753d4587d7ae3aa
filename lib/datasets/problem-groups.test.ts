import { describe, expect, it } from 'vitest';
import { groupProblems } from './problem-groups';
import type { Problem } from './types';

const p = (line: number, message: string, severity: Problem['severity'] = 'error', field = 'role'): Problem => ({ severity, line, field, message });

describe('groupProblems', () => {
  it('groups by kind with a count and the first lines, errors first, the most frequent first', () => {
    const problems = [p(2, 'bad a'), p(3, 'bad b'), p(4, 'bad a'), p(5, 'empty', 'warning', 'content'), p(6, 'bad a'), ...[8, 10, 12, 14].map((l) => p(l, 'bad a'))];
    expect(groupProblems(problems)).toEqual([
      { severity: 'error', field: 'role', message: 'bad a', count: 7, lines: [2, 4, 6, 8, 10] },
      { severity: 'error', field: 'role', message: 'bad b', count: 1, lines: [3] },
      { severity: 'warning', field: 'content', message: 'empty', count: 1, lines: [5] },
    ]);
  });

  it('counts a line reported twice for the same problem once', () => {
    expect(groupProblems([p(7, 'unclosed quote'), p(7, 'unclosed quote'), p(9, 'unclosed quote')])).toEqual([
      { severity: 'error', field: 'role', message: 'unclosed quote', count: 2, lines: [7, 9] },
    ]);
  });

  it('groups the same problem at different places in a list as one kind (a JSON file with its own role names is not "22 kinds")', () => {
    const problems = [2, 3, 4, 5].map((line, i) => p(line, 'unknown role "Customer"', 'error', `messages[${i * 2}].role`));
    expect(groupProblems([...problems, p(6, 'unknown role "Support"', 'error', 'messages[1].role')])).toEqual([
      { severity: 'error', field: 'messages[].role', message: 'unknown role "Customer"', count: 4, lines: [2, 3, 4, 5] },
      { severity: 'error', field: 'messages[].role', message: 'unknown role "Support"', count: 1, lines: [6] },
    ]);
  });
});
