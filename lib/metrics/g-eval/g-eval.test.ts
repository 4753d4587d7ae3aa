import { describe, expect, it } from 'vitest';
import { fieldsPhrase, gEvalDefinitionSchema } from './definition';
import { numberSteps } from './prompts';
import { formatRubric, normaliseScore, scoreRange, weightedScore } from './score';

const ln = Math.log;

describe('G-Eval score (deepeval generate_weighted_summed_score)', () => {
  it('weighs the decimal alternatives of the score token by their probability', () => {
    const tokens = [
      { token: '{"', top: [] },
      { token: 'score', top: [] },
      { token: '7', top: [{ token: '7', logprob: ln(0.6) }, { token: '8', logprob: ln(0.3) }, { token: '6', logprob: ln(0.1) }] },
    ];
    expect(weightedScore(7, tokens)).toBeCloseTo(7 * 0.6 + 8 * 0.3 + 6 * 0.1, 10);
  });

  it('leaves out alternatives under 1% and tokens that are not numbers, and rescales to the rest', () => {
    const tokens = [{ token: '9', top: [{ token: '9', logprob: ln(0.5) }, { token: '10', logprob: ln(0.25) }, { token: ' nine', logprob: ln(0.2) }, { token: '2', logprob: ln(0.005) }] }];
    expect(weightedScore(9, tokens)).toBeCloseTo((9 * 0.5 + 10 * 0.25) / 0.75, 10);
  });

  it('gives null when no generated token spells the score (the integer then stands)', () => {
    expect(weightedScore(4, [{ token: '5', top: [{ token: '5', logprob: 0 }] }])).toBeNull();
  });

  it('normalises on the rubric span, 0–10 without one, and clamps', () => {
    expect(scoreRange(undefined)).toEqual([0, 10]);
    const rubric = gEvalDefinitionSchema.parse({ name: 'tone', scope: 'turn', criteria: 'x', rubric: [{ range: [5, 8], meaning: 'ok' }, { range: [1, 4], meaning: 'bad' }] }).rubric;
    expect(scoreRange(rubric)).toEqual([1, 8]);
    expect(normaliseScore(4.5, [1, 8])).toBeCloseTo(0.5, 10);
    expect(normaliseScore(7.3, [0, 10])).toBeCloseTo(0.73, 10);
    expect(normaliseScore(12, [0, 10])).toBe(1);
  });

  it('writes rubrics and steps as deepeval does', () => {
    expect(formatRubric([{ range: [0, 3], meaning: 'Ignores the policy' }, { range: [10, 10], meaning: 'Follows it' }])).toBe('0-3: Ignores the policy\n10: Follows it');
    expect(numberSteps(['Read it', 'Judge it'])).toBe('1. Read it\n2. Judge it\n');
  });
});

describe('a G-Eval definition', () => {
  it('needs criteria or steps, a name, a scope; always shows content and role', () => {
    const d = gEvalDefinitionSchema.parse({ name: 'refund_policy', scope: 'conversation', criteria: 'Did the bot follow the refund policy?', fields: ['retrieval_context'] });
    expect(d).toMatchObject({ windowSize: 3, threshold: 0.5, strictMode: false, fields: ['content', 'role', 'retrieval_context'] });
    expect(fieldsPhrase(d.fields)).toBe('Content, Role, and Retrieval Context');
    const bad = gEvalDefinitionSchema.safeParse({ name: 'Refund Policy', scope: 'session' });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['name', 'scope']));
    expect(gEvalDefinitionSchema.safeParse({ name: 'tone', scope: 'turn' }).error?.issues[0].message).toMatch(/criteria, evaluation steps, or both/);
  });

  it('refuses overlapping rubric ranges and ranges outside 0–10', () => {
    expect(gEvalDefinitionSchema.safeParse({ name: 'tone', scope: 'turn', criteria: 'x', rubric: [{ range: [0, 5], meaning: 'a' }, { range: [5, 10], meaning: 'b' }] }).error?.issues[0].message).toMatch(/overlap/);
    expect(gEvalDefinitionSchema.safeParse({ name: 'tone', scope: 'turn', criteria: 'x', rubric: [{ range: [0, 11], meaning: 'a' }] }).success).toBe(false);
  });
});
