import { describe, expect, it } from 'vitest';
import { CELL_STYLES } from './verdict-palette';

/** HSL saturation of a #rrggbb colour: 0 for a grey. */
function saturation(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  return max === min ? 0 : (max - min) / (1 - Math.abs(2 * l - 1));
}

describe('verdict colours', () => {
  it('draws a verdict the judge could not decide (idk) in a neutral grey, not a warning colour', () => {
    const idk = CELL_STYLES.idk;
    expect(saturation(idk.colour)).toBeLessThan(0.3);
    expect(saturation(idk.border)).toBeLessThan(0.3);
    expect(idk.label).toBe('Undecided (idk)');
    // Still told apart from a failure, a pass and an assistant turn nobody judged.
    for (const other of [CELL_STYLES.no, CELL_STYLES.yes, CELL_STYLES.unjudged]) expect(idk.colour).not.toBe(other.colour);
  });

  it('keeps failures and passes in their warning and success colours', () => {
    expect(saturation(CELL_STYLES.no.colour)).toBeGreaterThan(0.5);
    expect(saturation(CELL_STYLES.yes.colour)).toBeGreaterThan(0.5);
  });
});
