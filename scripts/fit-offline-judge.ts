/*
 * Fits the offline judge's support model (lib/judge/offline/model/support-weights.json) on the
 * development sets, keeping a feature or rule only when the folds it was not fitted on improve.
 * Five folds with a fixed seed; replies to one question or one dialogue context share a fold.
 * Then fits the relevance model (relevance-weights.json) on FaithDial's human replies against
 * changes of subject made from the same fold's other conversations, with its operating point
 * chosen on folds the weights were not fitted on, and reports its figures on folds it was not
 * fitted on. Deterministic: the same data gives the same files. --relevance-only skips the
 * support model.
 * Usage: npm run fit:offline-judge [-- --data DIR] [-- --dry-run] [-- --relevance-only]
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { crossValidate, balancedWeights, FOLDS, SEED } from '../lib/judge/offline/bench/cross-validate';
import { loadFaithDial, loadHaluEval } from '../lib/judge/offline/bench/datasets';
import { groupOf } from '../lib/judge/offline/bench/groups';
import { analyseReply, toSample, type AnalysedReply } from '../lib/judge/offline/bench/replies';
import { fitSupportModel } from '../lib/judge/offline/model/fit';
import { crossValidateRelevance, describeCounts, fitRelevanceModel, HUMAN_FAIL_TARGET, loadGroundedChats, NEGATIVE_SHARE, relevanceSamples } from '../lib/judge/offline/bench/grounded';
import type { RelevanceModel } from '../lib/judge/offline/model/relevance-model';
import { FEATURES, RULES, type FeatureName, type RuleName, type SupportModel } from '../lib/judge/offline/model/logistic';

const { values: args } = parseArgs({
  options: {
    data: { type: 'string', default: path.resolve(import.meta.dirname, '../../shared/data') },
    'dry-run': { type: 'boolean', default: false },
    'relevance-only': { type: 'boolean', default: false },
  },
});
const OUT = path.resolve(import.meta.dirname, '../lib/judge/offline/model/support-weights.json');
const RELEVANCE_OUT = path.resolve(import.meta.dirname, '../lib/judge/offline/model/relevance-weights.json');
const round = (x: number) => Math.round(x * 1e6) / 1e6;

/**
 * The relevance model: fitted on every fold for shipping (its cut-off chosen on inner folds), its
 * figures from folds it was not fitted on (weights and cut-off fitted on the other four).
 */
function fitRelevance(): void {
  const file = 'faithdial-audit-dev.jsonl';
  const samples = relevanceSamples(loadGroundedChats(path.join(args.data, file)));
  const { counts } = crossValidateRelevance(samples);
  console.log(`relevance, held-out folds:\n${describeCounts(counts).map((l) => `  ${l}`).join('\n')}`);
  const model = fitRelevanceModel(samples);
  const share = (kind: keyof typeof counts) => round(counts[kind].flagged / counts[kind].total);
  const out: RelevanceModel = {
    features: model.features.map((f) => ({ name: f.name, mean: round(f.mean), scale: round(f.scale), weight: round(f.weight) })),
    bias: round(model.bias),
    cutoff: round(model.cutoff),
    fitted: {
      by: 'npm run fit:offline-judge',
      data: [`${file} (gold replies; changes of subject: another conversation's reply or document sentence in the same fold)`],
      negativeShare: NEGATIVE_SHARE,
      humanFailTarget: HUMAN_FAIL_TARGET,
      cutoffChosenOn: 'inner folds the weights were not fitted on',
      folds: FOLDS,
      seed: SEED,
      crossValidated: { humanReplyFailedShare: share('human'), otherReplyCaughtShare: share('otherReply'), otherDocumentCaughtShare: share('otherDocument') },
    },
  };
  if (args['dry-run']) console.log(JSON.stringify(out, null, 2));
  else {
    writeFileSync(RELEVANCE_OUT, `${JSON.stringify(out, null, 2)}\n`);
    console.log(`wrote ${path.relative(process.cwd(), RELEVANCE_OUT)}`);
  }
}
if (args['relevance-only']) {
  fitRelevance();
  process.exit(0);
}

/** Rules that define what a contradiction is: reported, never dropped (they make "no" mean what the metric says). */
const SEMANTIC_RULES: readonly RuleName[] = ['numberConflict', 'nameConflict', 'polarity', 'antonym'];

const allOn = Object.fromEntries(RULES.map((r) => [r, true])) as Record<RuleName, boolean>;
const probe = (rules: Record<RuleName, boolean>): SupportModel => ({ features: [], bias: 0, rules });

const halu = loadHaluEval(path.join(args.data, 'halueval-qa-dev.jsonl'));
const faith = loadFaithDial(path.join(args.data, 'faithdial-audit-dev.jsonl'));

const analysed = new Map<string, AnalysedReply[]>();
/** Replies analysed under a rule set (the analysis depends on rules, not on weights). */
function repliesFor(rules: Record<RuleName, boolean>): AnalysedReply[] {
  const key = JSON.stringify(rules);
  if (!analysed.has(key)) {
    const model = probe(rules);
    analysed.set(key, [
      ...halu.map((c) => analyseReply('halueval', c, groupOf('halueval', c), model)),
      ...faith.map((c) => analyseReply('faithdial', c, groupOf('faithdial', c), model)),
    ]);
  }
  return analysed.get(key)!;
}

interface Config {
  features: FeatureName[];
  rules: Record<RuleName, boolean>;
}
function score(config: Config): { mean: number; halueval: number; faithdial: number } {
  const stats = crossValidate(repliesFor(config.rules), config);
  const halueval = stats.get('halueval')!.balancedAccuracy;
  const faithdial = stats.get('faithdial')!.balancedAccuracy;
  return { mean: (halueval + faithdial) / 2, halueval, faithdial };
}
const fmt = (s: ReturnType<typeof score>) => `mean ${(s.mean * 100).toFixed(2)}%  HaluEval ${(s.halueval * 100).toFixed(2)}%  FaithDial ${(s.faithdial * 100).toFixed(2)}%`;

let config: Config = { features: [...FEATURES], rules: { ...allOn } };
let current = score(config);
console.log(`all features and rules: cross-validated balanced accuracy ${fmt(current)}`);

// Backward elimination: drop whatever the held-out folds do not need.
for (;;) {
  const trials = [
    ...config.features.map((f) => ({ what: `feature ${f}`, next: { ...config, features: config.features.filter((x) => x !== f) } })),
    ...RULES.filter((r) => config.rules[r] && !SEMANTIC_RULES.includes(r)).map((r) => ({ what: `rule ${r}`, next: { ...config, rules: { ...config.rules, [r]: false } } })),
  ].map((t) => ({ ...t, s: score(t.next) }));
  for (const t of trials) console.log(`  without ${t.what.padEnd(24)} ${fmt(t.s)}`);
  const best = trials.sort((a, b) => b.s.mean - a.s.mean)[0];
  if (!best || best.s.mean < current.mean || best.next.features.length === 0) break;
  console.log(`drop ${best.what}: it does not improve held-out folds`);
  config = best.next;
  current = best.s;
}
for (const r of SEMANTIC_RULES) console.log(`  contradiction rule ${r.padEnd(15)} without it: ${fmt(score({ ...config, rules: { ...config.rules, [r]: false } }))}`);
console.log(`kept features ${config.features.join(', ')}; rules ${RULES.filter((r) => config.rules[r]).join(', ')}`);
console.log(`cross-validated balanced accuracy ${fmt(current)}`);

const replies = repliesFor(config.rules);
const weights = balancedWeights(replies);
const model = fitSupportModel(replies.map((r, i) => toSample(r, weights[i])), config);
const out: SupportModel = {
  features: model.features.map((f) => ({ name: f.name, mean: round(f.mean), scale: round(f.scale), weight: round(f.weight) })),
  bias: round(model.bias),
  rules: model.rules,
  fitted: {
    by: 'npm run fit:offline-judge',
    data: ['halueval-qa-dev.jsonl', 'faithdial-audit-dev.jsonl'],
    folds: FOLDS,
    seed: SEED,
    crossValidatedBalancedAccuracy: { halueval: round(current.halueval), faithdial: round(current.faithdial) },
  },
};
if (args['dry-run']) console.log(JSON.stringify(out, null, 2));
else {
  writeFileSync(OUT, `${JSON.stringify(out, null, 2)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), OUT)}`);
}
fitRelevance();
