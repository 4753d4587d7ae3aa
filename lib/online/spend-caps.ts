import { findModelPrice } from '../llm/prices';

interface Caps {
  judgeKind: string;
  judgeModel: string;
  dailyCapUsd: number | null;
  dailyCapCalls: number | null;
  dailyCapTokens: number | null;
}

/**
 * Why a rule's judge spend would have no bound, or null. A judge whose model has no known price
 * costs 0 USD by our count, so a cost cap never stops it: such a rule needs a cap in judge calls
 * or tokens. The offline judge costs nothing.
 */
export function uncappedSpend(rule: Caps): string | null {
  if (rule.judgeKind === 'offline' || findModelPrice(rule.judgeModel)) return null;
  if (rule.dailyCapCalls !== null || rule.dailyCapTokens !== null) return null;
  return `dailyCapCalls: the judge's model "${rule.judgeModel}" has no known price, so ${rule.dailyCapUsd === null ? 'no' : 'the'} cost cap can hold its spend: set a daily cap in judge calls (dailyCapCalls) or tokens (dailyCapTokens)`;
}

/** What one UTC day of a rule spent so far. */
export interface DaySpend {
  usd: number;
  calls: number;
  tokens: number;
  conversations: number;
}

/**
 * The cap the next conversation would pass, or null: a cap is reached when the day's spend is at
 * it, or would pass it with one more conversation of the day's average cost (in USD, calls or
 * tokens).
 */
export function capReached(rule: Pick<Caps, 'dailyCapUsd' | 'dailyCapCalls' | 'dailyCapTokens'>, spent: DaySpend): 'usd' | 'calls' | 'tokens' | null {
  const over = (cap: number | null, used: number) => {
    if (cap === null) return false;
    const next = spent.conversations ? used / spent.conversations : 0;
    return used >= cap || used + next > cap;
  };
  if (over(rule.dailyCapUsd, spent.usd)) return 'usd';
  if (over(rule.dailyCapCalls, spent.calls)) return 'calls';
  if (over(rule.dailyCapTokens, spent.tokens)) return 'tokens';
  return null;
}

/** "$5 · 1,000 calls · 200,000 tokens" a day, or null with no cap. */
export function capsLabel(rule: Pick<Caps, 'dailyCapUsd' | 'dailyCapCalls' | 'dailyCapTokens'>): string | null {
  const parts = [
    rule.dailyCapUsd === null ? null : `$${rule.dailyCapUsd}`,
    rule.dailyCapCalls === null ? null : `${rule.dailyCapCalls.toLocaleString('en-US')} calls`,
    rule.dailyCapTokens === null ? null : `${rule.dailyCapTokens.toLocaleString('en-US')} tokens`,
  ].filter((part): part is string => part !== null);
  return parts.length ? parts.join(' · ') : null;
}
