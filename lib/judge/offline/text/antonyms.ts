import { stem } from './stem';

/** Pairs of opposites that flip a statement when one replaces the other. */
const PAIRS: readonly [string, string][] = [
  ['same', 'different'], ['more', 'less'], ['more', 'fewer'], ['before', 'after'],
  ['first', 'last'], ['larger', 'smaller'], ['largest', 'smallest'], ['bigger', 'smaller'],
  ['biggest', 'smallest'], ['older', 'younger'], ['oldest', 'youngest'], ['earlier', 'later'],
  ['earliest', 'latest'], ['higher', 'lower'], ['highest', 'lowest'], ['longer', 'shorter'],
  ['longest', 'shortest'], ['increase', 'decrease'], ['win', 'lose'], ['won', 'lost'],
  ['alive', 'dead'], ['male', 'female'], ['north', 'south'], ['east', 'west'],
  ['public', 'private'], ['true', 'false'], ['success', 'failure'], ['major', 'minor'],
  ['above', 'below'], ['inside', 'outside'], ['rise', 'fall'], ['open', 'closed'],
  ['begin', 'end'], ['start', 'end'], ['accept', 'reject'], ['allow', 'forbid'],
  ['positive', 'negative'], ['maximum', 'minimum'], ['modern', 'ancient'], ['born', 'died'],
];

const opposite = new Map<string, Set<string>>();
for (const [a, b] of PAIRS) {
  const [sa, sb] = [stem(a), stem(b)];
  if (!opposite.has(sa)) opposite.set(sa, new Set());
  if (!opposite.has(sb)) opposite.set(sb, new Set());
  opposite.get(sa)!.add(sb);
  opposite.get(sb)!.add(sa);
}

/** Stems that are opposites of this stem. */
export function oppositesOf(wordStem: string): ReadonlySet<string> {
  return opposite.get(wordStem) ?? new Set();
}
