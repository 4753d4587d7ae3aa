import { describe, expect, it } from 'vitest';
import { takeProjectOption } from './cli-project';

describe('the CLI project option', () => {
  it('takes --project from anywhere on the line, else TURNWISE_PROJECT, else "default"', () => {
    expect(takeProjectOption(['compare', 'r1', '--project', 'sales', 'r2'], {})).toEqual({ slug: 'sales', rest: ['compare', 'r1', 'r2'] });
    expect(takeProjectOption(['--project=sales', 'import', 'f.jsonl'], { TURNWISE_PROJECT: 'other' })).toEqual({ slug: 'sales', rest: ['import', 'f.jsonl'] });
    expect(takeProjectOption(['import', 'f.jsonl'], { TURNWISE_PROJECT: ' other ' })).toEqual({ slug: 'other', rest: ['import', 'f.jsonl'] });
    expect(takeProjectOption(['import', 'f.jsonl'], {})).toEqual({ slug: 'default', rest: ['import', 'f.jsonl'] });
  });

  it('names the option when its value is missing', () => {
    expect(() => takeProjectOption(['compare', '--project'], {})).toThrow(/--project needs a project slug/);
    expect(() => takeProjectOption(['compare', '--project', '--json', '-'], {})).toThrow(/--project needs a project slug/);
  });
});
