/*
 * `npm run check:cycles`: dependency-cruiser's rules (.dependency-cruiser.cjs: no folder cycle, no
 * Node entry point reaching `server-only`), then no cycle between the top-level parts of lib/
 * (part-cycles.ts), over one cruise whose JSON comes in on stdin.
 */
import { format } from 'dependency-cruiser';
import { partCycles, type CruisedModule } from './part-cycles';

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const result = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { modules: CruisedModule[] };

const rules = await format(result as never, { outputType: 'err' });
process.stdout.write(String(rules.output));

const cycles = partCycles(result.modules);
for (const cycle of cycles) {
  console.log(`\n  error no-part-cycle: ${cycle.parts.join(' ⇄ ')}`);
  for (const line of cycle.imports) console.log(`    ${line}`);
}
console.log(cycles.length === 0 ? '✔ no cycle between the parts of lib/' : `\n✘ ${cycles.length} cycle(s) between the parts of lib/: a part imports none that imports it back`);
process.exit(rules.exitCode !== 0 || cycles.length > 0 ? 1 : 0);
