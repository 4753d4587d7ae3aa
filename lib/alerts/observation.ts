import type { AlertRuleRow } from '../db/queries/alerts/alert-rules';
import { conditionSchema, type AlertCondition } from './rule-input';

/** A rule with its condition read (a stored condition that no longer parses is left out, and says so once). */
export interface ActiveRule {
  row: AlertRuleRow;
  condition: AlertCondition;
}

/** What one look at a rule found for one scope: over the line (firing) or not, and what to say about it. */
export interface Observation {
  rule: ActiveRule;
  /** "dataset:<id>", "online-rule:<id>", "instance", "runs:<datasetId>", "replays:<datasetId>", "ingest". */
  scopeKey: string;
  firing: boolean;
  value: number | null;
  /** What was measured, in a sentence: "Pass rate of turn faithfulness 72 % (below 80 %) in run … on "Support"". */
  summary: string;
  /** The page that explains it, as a path. */
  link: string;
  details: Record<string, unknown>;
}

export function activeRules(rows: readonly AlertRuleRow[], log: (line: string) => void): ActiveRule[] {
  return rows.flatMap((row) => {
    const parsed = conditionSchema.safeParse(row.condition);
    if (parsed.success) return [{ row, condition: parsed.data }];
    log(`alert rule "${row.name}": its stored condition cannot be read (${parsed.error.issues[0]?.message}); edit the rule`);
    return [];
  });
}

export const percentText = (value: number): string => `${Number(value.toFixed(1))} %`;
export const scoreText = (value: number): string => String(Number(value.toFixed(3)));
