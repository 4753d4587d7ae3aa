/*
 * Redaction of personal data (lib/pii): throughput over the planted support conversations of
 * tests/helpers/planted-pii.ts (every text field redacted, as an import does), with the built-in
 * kinds and with a user pattern besides, and the worst time on 1 MB texts shaped against the
 * scanner and the user pattern (tests/helpers/adversarial-text.ts). Best of a few runs each.
 * Usage: npm run bench:redact-pii [-- --conversations 10000] [--bytes 1048576] [--runs 3]
 */
import { parseArgs } from 'node:util';
import { parseDataset } from '../lib/datasets';
import type { RedactionSettings } from '../lib/pii/kinds';
import { redactConversations } from '../lib/pii/redact-conversation';
import { createRedactor } from '../lib/pii/redactor';
import { adversarialPiiShapes } from '../tests/helpers/adversarial-text';
import { plantedFile } from '../tests/helpers/planted-pii';
import { round } from './bench/report';

const { values: args } = parseArgs({
  options: { conversations: { type: 'string', default: '10000' }, bytes: { type: 'string', default: String(1 << 20) }, runs: { type: 'string', default: '3' } },
});
const n = Number(args.conversations);
const bytes = Number(args.bytes);
const runs = Number(args.runs);

const BUILT_IN: RedactionSettings = { kinds: ['email', 'phone', 'card', 'ip'], patterns: [] };
const WITH_PATTERN: RedactionSettings = { ...BUILT_IN, patterns: [{ name: 'staff', pattern: 'EMP-[0-9]{6}' }] };
// Nested quantifiers: exponential in a backtracking engine on a run of a's with no c.
const ADVERSARIAL_PATTERN: RedactionSettings = { ...BUILT_IN, patterns: [{ name: 'nested', pattern: '(a|aa)+(b|[0-9]+)+c' }] };

const file = plantedFile(n);
const fileBytes = Buffer.byteLength(file);

function throughput(settings: RedactionSettings) {
  const redactor = createRedactor(settings)!;
  let best = Infinity;
  let redactions = 0;
  for (let i = 0; i < runs; i++) {
    // Fresh conversations each run: redaction changes them in place.
    const { conversations } = parseDataset(file, { fileName: 'planted.jsonl' });
    const started = performance.now();
    const { total } = redactConversations(conversations, redactor);
    best = Math.min(best, performance.now() - started);
    redactions = Object.values(total).reduce((a, b) => a + b, 0);
  }
  return { ms: best, mbPerSec: fileBytes / 1e6 / (best / 1000), convsPerSec: n / (best / 1000), redactions };
}

const builtIn = throughput(BUILT_IN);
const withPattern = throughput(WITH_PATTERN);
console.log(`planted file: ${n} conversations, ${(fileBytes / 1e6).toFixed(1)} MB`);
for (const [label, t] of [['built-in kinds', builtIn], ['built-in + a user pattern', withPattern]] as const) {
  console.log(`${label.padEnd(28)} ${t.ms.toFixed(0).padStart(6)} ms  ${t.mbPerSec.toFixed(1).padStart(6)} MB/s  ${Math.round(t.convsPerSec).toLocaleString('en-US').padStart(8)} conversations/s  (${t.redactions.toLocaleString('en-US')} redactions)`);
}

const builtInRedactor = createRedactor(BUILT_IN)!;
const patternRedactor = createRedactor(ADVERSARIAL_PATTERN)!;
const best = (redact: () => void) => {
  let ms = Infinity;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    redact();
    ms = Math.min(ms, performance.now() - started);
  }
  return round(ms, 2);
};
const shapes: Record<string, number> = {};
const shapesWithPattern: Record<string, number> = {};
console.log(`\n${'adversarial shape'.padEnd(40)} ${'built-in'.padStart(9)}    ${'+ nested user pattern'.padStart(21)}`);
for (const [shape, text] of Object.entries(adversarialPiiShapes(bytes))) {
  shapes[shape] = best(() => builtInRedactor.text(text, {}));
  shapesWithPattern[shape] = best(() => patternRedactor.text(text, {}));
  console.log(`${shape.padEnd(40)} ${shapes[shape].toFixed(2).padStart(9)} ms ${shapesWithPattern[shape].toFixed(2).padStart(18)} ms`);
}
const worstBuiltIn = Math.max(...Object.values(shapes));
const worst = Math.max(...Object.values(shapesWithPattern));
const rate = (ms: number) => (bytes / 1e6 / (ms / 1000)).toFixed(1);
console.log(`worst adversarial shape: ${worstBuiltIn.toFixed(2)} ms (built-in kinds), ${worst.toFixed(2)} ms (with the user pattern) for ${bytes} bytes (${rate(worstBuiltIn)} and ${rate(worst)} MB/s)`);
console.log(
  `BENCH ${JSON.stringify({
    bench: 'redact-pii',
    conversations: n,
    fileBytes,
    runs,
    builtInMs: round(builtIn.ms, 1),
    builtInMBPerSec: round(builtIn.mbPerSec, 2),
    builtInConversationsPerSec: Math.round(builtIn.convsPerSec),
    withPatternMs: round(withPattern.ms, 1),
    withPatternMBPerSec: round(withPattern.mbPerSec, 2),
    withPatternConversationsPerSec: Math.round(withPattern.convsPerSec),
    redactions: builtIn.redactions,
    adversarialBytes: bytes,
    worstAdversarialBuiltInMs: worstBuiltIn,
    worstAdversarialMs: worst,
    worstAdversarialMBPerSec: round(bytes / 1e6 / (worst / 1000), 2),
    shapes,
    shapesWithPattern,
  })}`,
);
