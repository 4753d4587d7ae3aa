import type { Path } from './fields';

/** Deeper than this, a value is refused: no real dataset nests so far, and deep values overflow the stack of whatever walks them later (JSON.stringify, the pages). */
export const MAX_NESTING = 64;

// What one conversation may hold lives with the domain, shared by every way in.
export { DEFAULT_CONVERSATION_LIMITS, type ConversationLimits } from '../domain/conversation-limits';

/** A value for an error message: quoted, and cut to `max` characters so that nothing large is echoed. */
export function quoted(value: unknown, max = 60): string {
  const text = typeof value === 'string' ? value : String(value);
  return JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text) + (text.length > max ? ` (${text.length.toLocaleString('en-US')} characters)` : '');
}

interface Found {
  path: Path;
  problem: 'nul' | 'depth';
}

/**
 * The first string holding a NUL character (SQLite would cut it there, PostgreSQL refuses it),
 * or the first place nested deeper than MAX_NESTING, with its path. Walks without recursion, so
 * any depth is safe to check.
 */
export function findBadValue(value: unknown, maxDepth = MAX_NESTING): Found | null {
  // Parent links instead of a path per node: the path is built only for what is found.
  interface Node {
    value: unknown;
    key: string | number | null;
    parent: Node | null;
    depth: number;
  }
  const pathOf = (node: Node): Path => {
    const path: Path = [];
    for (let n: Node | null = node; n && n.key !== null; n = n.parent) path.unshift(n.key);
    return path;
  };
  const stack: Node[] = [{ value, key: null, parent: null, depth: 0 }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const v = node.value;
    if (typeof v === 'string') {
      if (v.includes('\0')) return { path: pathOf(node), problem: 'nul' };
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    if (node.depth >= maxDepth) return { path: pathOf(node), problem: 'depth' };
    const entries: [string | number, unknown][] = Array.isArray(v) ? v.map((item, i) => [i, item]) : Object.entries(v);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i];
      const child: Node = { value: item, key, parent: node, depth: node.depth + 1 };
      if (typeof key === 'string' && key.includes('\0')) return { path: pathOf(child), problem: 'nul' };
      stack.push(child);
    }
  }
  return null;
}

/**
 * Offset of the first bracket that opens level `maxDepth + 1` of a JSON text, or -1. A scan
 * of the characters (strings skipped), so it locates what JSON.parse accepted but nothing
 * after it should walk.
 */
export function offsetTooDeep(text: string, maxDepth = MAX_NESTING): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > maxDepth) return i;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return -1;
}

/** Whether containers nest deeper than `maxDepth` (cheap: no paths kept). */
export function exceedsDepth(value: unknown, maxDepth = MAX_NESTING): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= maxDepth) return true;
    for (const item of Array.isArray(v) ? v : Object.values(v)) {
      if (typeof item === 'object' && item !== null) stack.push([item, depth + 1]);
    }
  }
  return false;
}
