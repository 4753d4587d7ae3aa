import { describe, expect, it } from 'vitest';
import type { ImportedScore } from '../../datasets/imported-scores';
import { normalised, passes, scaleOf } from './score-values';

const numeric = (value: number): ImportedScore => ({ tool: 'Langfuse', name: 'rating', kind: 'numeric', value });

describe('peer score values', () => {
  it('keeps scores in [0, 1] as they are, and reads ratings on the scale they fit', () => {
    expect(scaleOf([numeric(0), numeric(0.4), numeric(1)])).toBeNull();
    const stars = scaleOf([numeric(1), numeric(4), numeric(5)]);
    expect(stars).toEqual({ from: 0, to: 5 });
    expect(normalised(numeric(4), stars)).toBe(0.8);
    expect(scaleOf([numeric(3), numeric(7)])).toEqual({ from: 0, to: 10 });
    expect(scaleOf([numeric(64), numeric(90)])).toEqual({ from: 0, to: 100 });
    expect(scaleOf([numeric(250)])).toEqual({ from: 0, to: 250 });
    const signed = scaleOf([numeric(-1), numeric(0.5)]);
    expect(signed).toEqual({ from: -1, to: 1 });
    expect(normalised(numeric(-1), signed)).toBe(0);
    expect(normalised(numeric(0.5), signed)).toBe(0.75);
  });

  it('reads booleans and verdict-like categories as 1 or 0, other categories by their number', () => {
    expect(normalised({ tool: 'Langfuse', name: 'correct', kind: 'boolean', value: 0, label: 'False' }, null)).toBe(0);
    expect(normalised({ tool: 'Langfuse', name: 'resolution', kind: 'categorical', value: 0, label: 'Resolved' }, null)).toBe(1);
    expect(normalised({ tool: 'Opik', name: 'tone', kind: 'categorical', value: 0.5, label: 'neutral' }, null)).toBe(0.5);
    // A verdict-like category does not widen the scale of the others.
    expect(scaleOf([{ tool: 'Opik', name: 'x', kind: 'categorical', value: 7, label: 'pass' }, numeric(0.2)])).toBeNull();
  });

  it('passes at 0.5, or at or below it for a score whose name says lower is better', () => {
    expect(passes('helpfulness', 0.5)).toBe(true);
    expect(passes('helpfulness', 0.49)).toBe(false);
    expect(passes('hallucination', 0)).toBe(true);
    expect(passes('toxicity_score', 0.9)).toBe(false);
  });
});
