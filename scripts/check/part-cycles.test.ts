import { describe, expect, it } from 'vitest';
import { partCycles } from './part-cycles';

const cruised = (source: string, ...resolved: string[]) => ({ source, dependencies: resolved.map((r) => ({ resolved: r })) });

describe('cycles between the parts of lib/', () => {
  it('finds two parts that import each other through different folders, which no two folders close', () => {
    const cycles = partCycles([
      cruised('lib/runs/lifecycle/close-run.ts', 'lib/compare/get-run-vector.ts'),
      cruised('lib/compare/page/load-break-overlay.ts', 'lib/runs/aggregates/get-run-turn-stats.ts'),
      cruised('lib/compare/get-run-vector.ts', 'lib/db/client.ts'),
    ]);
    expect(cycles).toEqual([
      {
        parts: ['lib/compare', 'lib/runs'],
        imports: ['lib/compare/page/load-break-overlay.ts → lib/runs/aggregates/get-run-turn-stats.ts', 'lib/runs/lifecycle/close-run.ts → lib/compare/get-run-vector.ts'],
      },
    ]);
  });

  it('finds a longer loop, and none where the imports only go one way or come from tests', () => {
    expect(partCycles([cruised('lib/a/x.ts', 'lib/b/y.ts'), cruised('lib/b/y.ts', 'lib/c/z.ts'), cruised('lib/c/z.ts', 'lib/a/w.ts')]).map((c) => c.parts)).toEqual([['lib/a', 'lib/b', 'lib/c']]);
    expect(partCycles([cruised('lib/runs/x.ts', 'lib/compare/y.ts'), cruised('lib/compare/y.test.ts', 'lib/runs/x.ts'), cruised('app/page.tsx', 'lib/runs/x.ts')])).toEqual([]);
  });
});
