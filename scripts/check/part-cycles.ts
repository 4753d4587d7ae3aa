/** A module of dependency-cruiser's JSON output, as far as the part check reads it. */
export interface CruisedModule {
  source: string;
  dependencies: { resolved: string }[];
}

/** "lib/runs" for "lib/runs/queue/enqueue-run.ts", "lib/errors.ts" for itself; null outside lib/. */
export function partOf(path: string): string | null {
  const match = /^lib\/([^/]+)(\/|$)/.exec(path);
  return match ? `lib/${match[1]}` : null;
}

/**
 * The cycles between the top-level parts of lib/ (lib/runs, lib/compare, lib/errors.ts…): each
 * part taken as one node, whatever folders it has inside, so that lib/runs/page → lib/compare and
 * lib/compare/get-run-vector ← lib/runs/lifecycle close a loop even where no two folders do (the
 * folder rule of .dependency-cruiser.cjs sees folders at every depth apart). Tests beside the code
 * (*.test.ts) are left out, as lint leaves them out of the import rules. Each cycle comes with one
 * import for each of its steps, to say where it closes.
 */
export function partCycles(modules: readonly CruisedModule[]): { parts: string[]; imports: string[] }[] {
  const edges = new Map<string, Map<string, string>>();
  for (const cruised of modules) {
    if (/\.test\.tsx?$/.test(cruised.source)) continue;
    const from = partOf(cruised.source);
    if (!from) continue;
    for (const dependency of cruised.dependencies) {
      const to = partOf(dependency.resolved);
      if (!to || to === from) continue;
      const out = edges.get(from) ?? new Map<string, string>();
      edges.set(from, out);
      if (!out.has(to)) out.set(to, `${cruised.source} → ${dependency.resolved}`);
    }
  }
  // Tarjan's strongly connected components: every component of two parts or more holds a cycle.
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (part: string) => {
    index.set(part, next);
    low.set(part, next++);
    stack.push(part);
    onStack.add(part);
    for (const to of edges.get(part)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(part, Math.min(low.get(part)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(part, Math.min(low.get(part)!, index.get(to)!));
    }
    if (low.get(part) !== index.get(part)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== part);
    if (component.length > 1) components.push(component.sort());
  };
  for (const part of [...edges.keys()].sort()) if (!index.has(part)) visit(part);
  return components.map((parts) => {
    const inside = new Set(parts);
    const imports = parts.flatMap((from) => [...(edges.get(from) ?? [])].filter(([to]) => inside.has(to)).map(([, example]) => example));
    return { parts, imports };
  });
}
