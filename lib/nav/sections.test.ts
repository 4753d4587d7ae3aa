import { describe, expect, it } from 'vitest';
import { isCurrentSection, sectionsFor } from './sections';

describe('the top bar', () => {
  it('links every section, online evaluation, schedules and alerts included', () => {
    expect(sectionsFor('/datasets').map((s) => s.label)).toEqual(['Datasets', 'Runs', 'Replays', 'Online', 'Schedules', 'Compare', 'Trends', 'Alerts', 'Metrics', 'Judges']);
    expect(isCurrentSection('/online/abc', '/online')).toBe(true);
    expect(isCurrentSection('/onlineish', '/online')).toBe(false);
  });

  it('shows no section on the setup and sign-in pages', () => {
    expect(sectionsFor('/setup')).toEqual([]);
    expect(sectionsFor('/sign-in')).toEqual([]);
  });
});
