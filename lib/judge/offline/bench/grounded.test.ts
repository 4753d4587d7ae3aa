import { describe, expect, it } from 'vitest';
import { RELEVANCE_FEATURES, relevanceProbability, type RelevanceFeatures } from '../model/relevance-model';
import { FOLDS } from './cross-validate';
import { crossValidateRelevance, fitRelevanceModel, HUMAN_FAIL_TARGET, type RelevanceSample } from './grounded';

const features = (reaction: number, noise: number): RelevanceFeatures =>
  Object.fromEntries(RELEVANCE_FEATURES.map((f) => [f, f === 'reaction' ? reaction : f === 'weakShare' ? noise : 0])) as RelevanceFeatures;

/** Human replies mostly react; changes of subject never do. Both spread over every fold. */
function samples(): RelevanceSample[] {
  return Array.from({ length: 200 }, (_, i) => {
    const human = i % 2 === 0;
    return { fold: i % FOLDS, human, settled: null, features: features(human && i % 40 !== 0 ? 1 : 0, (i % 7) / 70) };
  });
}

describe('relevance model fitting', () => {
  it('fails at most the target share of the human replies it is fitted on, and flags changes of subject', () => {
    const s = samples();
    const model = fitRelevanceModel(s);
    const humans = s.filter((x) => x.human);
    const failed = humans.filter((x) => relevanceProbability(model, x.features!) < model.cutoff).length;
    expect(failed / humans.length).toBeLessThanOrEqual(HUMAN_FAIL_TARGET);
    const others = s.filter((x) => !x.human);
    expect(others.filter((x) => relevanceProbability(model, x.features!) < model.cutoff).length / others.length).toBeGreaterThan(0.8);
  });

  it('judges each fold with a model that never saw it', () => {
    const s = samples();
    const before = crossValidateRelevance(s).models;
    // Turning every held-out line of fold 0 upside down changes the models of the other folds only.
    const flipped = s.map((x) => (x.fold === 0 ? { ...x, human: !x.human } : x));
    const after = crossValidateRelevance(flipped).models;
    expect(after[0]).toEqual(before[0]);
    for (let k = 1; k < FOLDS; k++) expect(after[k]).not.toEqual(before[k]);
  });

  it('never lets another tie to the conversation count against a reply, whatever the sample says', () => {
    // A quirk of the sample: changes of subject share common words more often than human replies.
    const quirky = samples().map((x) => ({ ...x, features: { ...x.features!, weakShare: x.human ? 0 : 0.3 } }));
    const model = fitRelevanceModel(quirky);
    expect(model.features.find((f) => f.name === 'weakShare')!.weight).toBeGreaterThanOrEqual(0);
  });
});
