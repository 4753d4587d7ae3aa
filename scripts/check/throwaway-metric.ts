/*
 * Proves that a built-in metric is its folder plus its line in lib/metrics/registry.ts: writes a
 * throwaway metric (one judge step with an offline rule) into lib/metrics/throwaway-check/, adds
 * it to the registry, and checks that it reaches every list: the registry, the new-run form's
 * option fields, the run request the REST API and the form accept, the offline judge (a real
 * measurement), tests/step-contract.test.ts and, with --typecheck, the compiler. Then removes
 * both, whatever happened.
 *
 * Usage: npx tsx scripts/check/throwaway-metric.ts [--typecheck]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const folder = path.join(root, 'lib/metrics/throwaway-check');
const registryPath = path.join(root, 'lib/metrics/registry.ts');

const files: Record<string, string> = {
  'steps.ts': `import { z } from 'zod';
import { withRules } from '../../judge/steps';

const schemas = {
  'throwaway_check.verdict': {
    input: z.object({ reply: z.string() }),
    output: z.object({ verdict: z.enum(['yes', 'no']), reason: z.string() }),
  },
};

type Schemas = typeof schemas;
declare module '../../judge/steps' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface JudgeStepContracts extends Schemas {}
}

export const throwawayCheckSteps = withRules(schemas, {
  'throwaway_check.verdict': { offline: (input) => ({ verdict: input.reply.trim() ? ('yes' as const) : ('no' as const), reason: '[offline heuristic judge] a reply was given' }) },
});
`,
  'index.ts': `import { metricClass } from '../shared/metric-class';
import { sharedMetricOptionsSchema } from '../shared/options';
import type { PipelineOutcome } from '../shared/run-metric';
import { runStep } from '../shared/run-step';
import type { MetricContext } from '../shared/context';
import type { Conversation } from '../types';
import { throwawayCheckSteps } from './steps';

async function pipeline(ctx: MetricContext, conversation: Conversation): Promise<PipelineOutcome> {
  const replies = conversation.turns.map((t, turn) => ({ t, turn })).filter(({ t }) => t.role === 'assistant');
  for (const { t, turn } of replies) {
    const out = await runStep(ctx, { step: 'throwaway_check.verdict', input: { reply: t.content }, prompt: (input) => [{ role: 'user', content: input.reply }] });
    ctx.verdicts.push({ turn, verdict: out.verdict, score: out.verdict === 'yes' ? 1 : 0, reason: out.reason });
  }
  const yes = ctx.verdicts.filter((v) => v.verdict === 'yes').length;
  return { score: replies.length ? yes / replies.length : 0, failing: [], all: ctx.verdicts.map((v) => v.reason), emptyNote: 'No reply.' };
}

export class ThrowawayCheckMetric extends metricClass({ name: 'throwaway_check', options: sharedMetricOptionsSchema, steps: throwawayCheckSteps, pipeline }) {}
`,
  'descriptor.ts': `import { defineMetric } from '../shared/descriptor';
import { sharedMetricOptionsSchema } from '../shared/options';
import { ThrowawayCheckMetric } from './index';
import { throwawayCheckSteps } from './steps';

export const throwawayCheck = defineMetric({
  name: 'throwaway_check',
  label: 'Throwaway check',
  needs: 'assistant turns',
  applies: (c) => c.turns.some((t) => t.role === 'assistant'),
  options: sharedMetricOptionsSchema,
  steps: throwawayCheckSteps,
  create: (judge, options) => new ThrowawayCheckMetric(judge, options),
  referenceCalls: (c) => c.turns.filter((t) => t.role === 'assistant').length,
  view: () => null,
});
`,
  // Run in a child process once the metric is registered.
  'probe.ts': `import { createOfflineJudge } from '../../judge/offline';
import { offlineServes } from '../../judge/offline/run-step';
import { BUILT_IN_METRICS, createMetric, judgeStep, judgeSteps, metricDescriptor, METRIC_NAMES, metricOptionsSchemas } from '../registry';
import { metricOptionFields } from '../../runs/metric-option-fields';
import { runRequestSchema } from '../../runs/run-request';

const checks: [string, boolean][] = [];
const check = (what: string, ok: boolean) => checks.push([what, ok]);
check('registry: METRIC_NAMES lists it', METRIC_NAMES.includes('throwaway_check' as never));
check('registry: its descriptor', metricDescriptor('throwaway_check')?.label === 'Throwaway check');
check('registry: judgeSteps holds its step', 'throwaway_check.verdict' in judgeSteps);
check('new-run form: listed from BUILT_IN_METRICS, with option fields', BUILT_IN_METRICS.some((d) => d.name === 'throwaway_check') && metricOptionFields('throwaway_check' as never).length > 0);
check('new-run form and REST API: options schema', 'throwaway_check' in metricOptionsSchemas);
const request = runRequestSchema.safeParse({ datasetId: 'd', metrics: [{ name: 'throwaway_check' }], judge: { kind: 'offline' }, concurrency: 1 });
check('REST API and form: a run request naming it is accepted' + (request.success ? '' : ' (' + request.error.message + ')'), request.success);
check('offline judge: has a rule for its step', offlineServes({ contract: judgeStep('throwaway_check.verdict') }));
const result = await createMetric('throwaway_check' as never, createOfflineJudge(), { includeReason: false } as never).measure({ turns: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello!' }] });
check('offline judge: measures it (score ' + result.score + ')', result.score === 1 && result.error === null);
for (const [what, ok] of checks) console.log((ok ? 'ok   ' : 'FAIL ') + what);
process.exit(checks.every(([, ok]) => ok) ? 0 : 1);
`,
};

const registry = readFileSync(registryPath, 'utf8');
if (existsSync(folder)) throw new Error(`${folder} exists: remove it first`);
const run = (cmd: string, args: string[]) => {
  console.log(`$ ${cmd} ${args.join(' ')}`);
  execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });
};
let failed = false;
try {
  mkdirSync(folder);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(folder, name), text);
  // The registry edit: the import of its descriptor and its place in BUILT_IN_METRICS.
  const added = registry
    .replace("import type { MetricDescriptor } from './shared/descriptor';", "import { throwawayCheck } from './throwaway-check/descriptor';\nimport type { MetricDescriptor } from './shared/descriptor';")
    .replace('topicAdherence, toolUse] as const;', 'topicAdherence, toolUse, throwawayCheck] as const;');
  if (added === registry || !added.includes('toolUse, throwawayCheck]')) throw new Error('registry.ts no longer has the expected shape');
  writeFileSync(registryPath, added);
  run('git', ['--no-pager', 'diff', '--stat', '--', 'lib/metrics/registry.ts']);
  run('npx', ['tsx', 'lib/metrics/throwaway-check/probe.ts']);
  run('npx', ['vitest', 'run', 'tests/step-contract.test.ts']);
  if (process.argv.includes('--typecheck')) run('npx', ['tsc', '--noEmit', '-p', '.']);
} catch (error) {
  failed = true;
  console.error(`throwaway-metric check FAILED: ${(error as Error).message}`);
} finally {
  writeFileSync(registryPath, registry);
  rmSync(folder, { recursive: true, force: true });
}
console.log(failed ? 'throwaway-metric check: FAILED (removed again)' : 'throwaway-metric check: passed (removed again)');
process.exit(failed ? 1 : 0);
