/** How a judge's cost is known: nothing to pay (the offline judge), a model with a known price, or one without (its cost is unknown, not $0). */
export type CostBasis = 'free' | 'priced' | 'unknown';

/** The basis of a judge's cost from its kind and whether its model has a price. */
export const costBasis = (judgeKind: string, priced: boolean): CostBasis => (judgeKind === 'offline' ? 'free' : priced ? 'priced' : 'unknown');

/** A judge's (or a target's) cost as every page shows it: "free", "unknown", or dollars to four places. */
export const formatCost = (basis: CostBasis, usd: number): string => (basis === 'free' ? 'free' : basis === 'unknown' ? 'unknown' : `$${usd.toFixed(4)}`);
