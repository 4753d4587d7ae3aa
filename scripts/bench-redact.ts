/*
 * Redaction of 1 MB texts shaped to make a backtracking pattern slow (tests/helpers/adversarial-text.ts),
 * with one registered key: the best of a few runs per shape, in ms.
 * Usage: npm run bench:redact [-- --bytes 1048576] [--runs 5]
 */
import { parseArgs } from 'node:util';
import { registerSecret, redactSecrets } from '../lib/redact-secrets';
import { ADVERSARIAL_KEY, adversarialShapes } from '../tests/helpers/adversarial-text';

const { values: args } = parseArgs({ options: { bytes: { type: 'string', default: String(1 << 20) }, runs: { type: 'string', default: '5' } } });
const bytes = Number(args.bytes);
const runs = Number(args.runs);

registerSecret(ADVERSARIAL_KEY);
const results: Record<string, number> = {};
for (const [shape, text] of Object.entries(adversarialShapes(bytes))) {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    redactSecrets(text);
    best = Math.min(best, performance.now() - started);
  }
  results[shape] = Math.round(best * 100) / 100;
  console.log(`${shape.padEnd(40)} ${results[shape].toFixed(2).padStart(8)} ms`);
}
const worst = Math.max(...Object.values(results));
console.log(`worst shape: ${worst.toFixed(2)} ms for ${bytes} bytes`);
console.log(`BENCH ${JSON.stringify({ bench: 'redact', bytes, runs, worstMs: worst, shapes: results })}`);
