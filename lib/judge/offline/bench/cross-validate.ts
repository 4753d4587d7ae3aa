import { fitSupportModel, foldOf, type FitOptions } from '../model/fit';
import type { SupportModel } from '../model/logistic';
import { overlapShare, tunedOverlapBaseline } from './baseline';
import type { FaithCase } from './datasets';
import { replyScore, toSample, type AnalysedReply } from './replies';
import { binaryStats, type BinaryStats } from './stats';

export const FOLDS = 5;
export const SEED = 14;
/** A reply is predicted faithful when its score is at least this. */
export const THRESHOLD = 0.5;

/** Sample weights that give each data set, and each class within it, the same total weight. */
export function balancedWeights(replies: readonly AnalysedReply[]): number[] {
  const counts = new Map<string, number>();
  const key = (r: AnalysedReply) => `${r.set}:${r.faithful}`;
  for (const r of replies) counts.set(key(r), (counts.get(key(r)) ?? 0) + 1);
  return replies.map((r) => 1 / counts.get(key(r))!);
}

export const foldOfReply = (r: AnalysedReply): number => foldOf(`${r.set}:${r.group}`, FOLDS, SEED);

/**
 * Out-of-fold predictions: for each fold, fit the support model on the other folds (every data
 * set's) and predict the replies of that fold. Returns balanced-accuracy figures per data set.
 */
export function crossValidate(replies: readonly AnalysedReply[], options: FitOptions): Map<string, BinaryStats> {
  const weights = balancedWeights(replies);
  const predicted = new Array<boolean>(replies.length);
  for (let k = 0; k < FOLDS; k++) {
    const train = replies.flatMap((r, i) => (foldOfReply(r) === k ? [] : [toSample(r, weights[i])]));
    const model = fitSupportModel(train, options);
    replies.forEach((r, i) => {
      if (foldOfReply(r) === k) predicted[i] = replyScore(r, model) >= THRESHOLD;
    });
  }
  return statsBySet(replies, predicted);
}

export function statsBySet(replies: readonly AnalysedReply[], predicted: readonly boolean[]): Map<string, BinaryStats> {
  const out = new Map<string, BinaryStats>();
  for (const set of new Set(replies.map((r) => r.set))) {
    const idx = replies.flatMap((r, i) => (r.set === set ? [i] : []));
    out.set(set, binaryStats(idx.map((i) => replies[i].faithful), idx.map((i) => predicted[i])));
  }
  return out;
}

/** Predictions of a fixed model on every reply (the whole-file figure). */
export function wholeFile(replies: readonly AnalysedReply[], model: SupportModel): Map<string, BinaryStats> {
  return statsBySet(replies, replies.map((r) => replyScore(r, model) >= THRESHOLD));
}

/** The bag-of-words rule with its cut-off tuned on the training folds, scored on the held-out fold. */
export function crossValidatedBaseline(cases: readonly FaithCase[], folds: readonly number[]): BinaryStats {
  const shares = cases.map((c) => overlapShare(c.reply, c.knowledge));
  const labels = cases.map((c) => c.faithful);
  const predicted = new Array<boolean>(cases.length);
  for (let k = 0; k < FOLDS; k++) {
    const train = cases.flatMap((_, i) => (folds[i] === k ? [] : [i]));
    const { cutoff } = tunedOverlapBaseline(train.map((i) => shares[i]), train.map((i) => labels[i]));
    cases.forEach((_, i) => {
      if (folds[i] === k) predicted[i] = shares[i] >= cutoff;
    });
  }
  return binaryStats(labels, predicted);
}
