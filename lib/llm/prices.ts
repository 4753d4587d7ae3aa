/**
 * OpenAI list prices (standard tier, USD per 1M tokens), as published in 2025–2026.
 * Batch, flex and cached-input discounts are ignored: the estimate is an upper bound.
 */
export const MODEL_PRICES: Readonly<Record<string, { input: number; output: number }>> = {
  'gpt-4.1': { input: 2.0, output: 8.0 },
  'gpt-4.1-mini': { input: 0.4, output: 1.6 },
  'gpt-4.1-nano': { input: 0.1, output: 0.4 },
  'gpt-4o': { input: 2.5, output: 10.0 },
  'gpt-4o-mini': { input: 0.15, output: 0.6 },
  o3: { input: 2.0, output: 8.0 },
  'o3-mini': { input: 1.1, output: 4.4 },
  'o4-mini': { input: 1.1, output: 4.4 },
  'gpt-5': { input: 1.25, output: 10.0 },
  'gpt-5-mini': { input: 0.25, output: 2.0 },
  'gpt-5-nano': { input: 0.05, output: 0.4 },
};

// Only a dated snapshot counts as the same model: "o3-pro" or "gpt-4o-audio-preview" are
// priced differently, so an unknown suffix means an unknown price (0), not the base price.
const DATED_SUFFIX = /^-\d{4}-\d{2}-\d{2}$/;

/** The price entry of a model name such as "gpt-4.1-2025-04-14" or "openai/gpt-4o"; null when unknown. */
export function findModelPrice(model: string): { input: number; output: number } | null {
  const name = model.trim().toLowerCase().replace(/^openai\//, '');
  const exact = MODEL_PRICES[name];
  if (exact) return exact;
  for (const [base, price] of Object.entries(MODEL_PRICES)) {
    if (name.startsWith(base) && DATED_SUFFIX.test(name.slice(base.length))) return price;
  }
  return null;
}

/** Estimated cost in USD; 0 for unknown and local models. */
export function estimateCost(model: string, promptTokens: number, completionTokens: number): number {
  const price = findModelPrice(model);
  if (!price) return 0;
  return (promptTokens * price.input + completionTokens * price.output) / 1_000_000;
}

/** Rough token count (~4 characters per token) for cost previews before any call is made. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
