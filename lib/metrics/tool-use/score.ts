import { mean } from '../shared/threshold';

/**
 * Tool use = min(mean tool selection score, mean argument correctness score); each mean is 0
 * with no unit, as the reference divides an empty sum by 1 (deepeval tool_use.py:340-367, before
 * strict mode). So a conversation whose interactions called no tool scores 0.
 */
export const toolUseScore = (selection: number[], args: number[]): number => Math.min(mean(selection, 0), mean(args, 0));

/**
 * Tool selection against the expected tools, matched by name as deepeval's ToolCorrectnessMetric
 * matches them by default (tool_correctness.py:453-493): each expected tool takes a called tool of
 * its name not taken by another; score = expected tools found ÷ expected tools, 1 when neither
 * list has a tool, 0 when tools were called and none expected.
 */
export function selectionByExpected(called: readonly string[], expected: readonly string[]): { score: number; missing: string[]; unexpected: string[] } {
  const left = [...called];
  const missing: string[] = [];
  for (const name of expected) {
    const i = left.indexOf(name);
    if (i === -1) missing.push(name);
    else left.splice(i, 1);
  }
  const score = expected.length === 0 ? (called.length === 0 ? 1 : 0) : (expected.length - missing.length) / expected.length;
  return { score, missing, unexpected: left };
}
