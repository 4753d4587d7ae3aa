import { describe, expect, it } from 'vitest';
import { RELEVANCE_FEATURES, type RelevanceFeatures } from '../model/relevance-model';
import { FOLDS } from './cross-validate';
import { crossValidateRelevance, fitRelevanceModel, foldOfChat, HUMAN_FAIL_TARGET, relevanceSamples, type GroundedChat, type RelevanceSample, type SampleKind } from './grounded';

const features = (values: Partial<RelevanceFeatures>): RelevanceFeatures =>
  Object.fromEntries(RELEVANCE_FEATURES.map((f) => [f, values[f] ?? 0])) as RelevanceFeatures;

/**
 * Human replies mostly share a root with what was said; another conversation's reply chats back
 * (reacts) as often as a human one; a document sentence never does. All spread over every fold.
 */
function samples(): RelevanceSample[] {
  return Array.from({ length: 300 }, (_, i) => {
    const kind: SampleKind = (['human', 'otherReply', 'otherDocument'] as const)[i % 3];
    const reaction = kind !== 'otherDocument' && i % 2 === 0 ? 1 : 0;
    const prefixShare = kind === 'human' && i % 30 !== 0 ? 0.2 + (i % 7) / 70 : (i % 11) / 200;
    return { fold: i % FOLDS, kind, settled: null, features: features({ reaction, prefixShare }) };
  });
}

describe('relevance model fitting', () => {
  it('fails about the target share of human replies on folds it was not fitted on, and catches changes of subject', () => {
    const { counts } = crossValidateRelevance(samples());
    expect(counts.human.flagged / counts.human.total).toBeLessThanOrEqual(HUMAN_FAIL_TARGET + 0.02);
    expect(counts.otherReply.flagged / counts.otherReply.total).toBeGreaterThan(0.8);
    expect(counts.otherDocument.flagged / counts.otherDocument.total).toBeGreaterThan(0.8);
  });

  it('gives chatting back little weight when changes of subject chat back as often as human replies', () => {
    const model = fitRelevanceModel(samples());
    const weight = (name: string) => model.features.find((f) => f.name === name)!.weight;
    expect(weight('reaction')).toBeLessThan(weight('prefixShare') / 2);
  });

  it('judges each fold with a model that never saw it', () => {
    const s = samples();
    const before = crossValidateRelevance(s).models;
    // Turning every held-out line of fold 0 upside down changes the models of the other folds only.
    const flipped = s.map((x) => (x.fold === 0 ? { ...x, kind: (x.kind === 'human' ? 'otherReply' : 'human') as SampleKind } : x));
    const after = crossValidateRelevance(flipped).models;
    expect(after[0]).toEqual(before[0]);
    for (let k = 1; k < FOLDS; k++) expect(after[k]).not.toEqual(before[k]);
  });

  it('never lets another tie to the conversation count against a reply, whatever the sample says', () => {
    // A quirk of the sample: changes of subject share common words more often than human replies.
    const quirky = samples().map((x) => ({ ...x, features: { ...x.features!, weakShare: x.kind === 'human' ? 0 : 0.3 } }));
    const model = fitRelevanceModel(quirky);
    expect(model.features.find((f) => f.name === 'weakShare')!.weight).toBeGreaterThanOrEqual(0);
  });
});

describe('relevance samples', () => {
  const chat = (i: number): GroundedChat => ({
    id: `c${i}`,
    group: `knowledge ${i}\nremark ${i}`,
    turns: [
      { role: 'user', content: `I read about topic number ${i} today.` },
      { role: 'assistant', content: `Topic ${i} is fascinating, it began in ${1900 + i}.`, retrievalContext: [`Topic ${i} began in ${1900 + i}. It spread later.`] },
    ],
  });
  const chats = Array.from({ length: 40 }, (_, i) => chat(i));

  it('puts each change of subject in the fold of the exchange it is judged in, and takes it from that fold', () => {
    const byText = new Map(chats.map((c) => [c.turns[1].content, foldOfChat(c)]));
    const documentFold = new Map(chats.map((c) => [c.turns[1].retrievalContext![0].split('. ')[0] + '.', foldOfChat(c)]));
    const s = relevanceSamples(chats);
    expect(s.filter((x) => x.kind === 'human')).toHaveLength(chats.length);
    expect(s.filter((x) => x.kind === 'otherReply').length).toBeGreaterThan(30);
    expect(s.filter((x) => x.kind === 'otherDocument').length).toBeGreaterThan(30);
    // Every reply text and document sentence a sample uses belongs to a conversation of the sample's own fold.
    for (const x of s) expect(byText.get(x.reply!) ?? documentFold.get(x.reply!)).toBe(x.fold);
  });
});
