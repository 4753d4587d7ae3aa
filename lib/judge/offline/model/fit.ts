import { sigmoid, type FeatureName, type Features, type RuleName, type SupportModel } from './logistic';

/**
 * One labelled reply: the support features of each claim that no rule contradicted, and how
 * many claims a rule contradicted (they count as unsupported whatever the weights).
 */
export interface ReplySample {
  faithful: boolean;
  claims: Features[];
  contradicted: number;
  /** Weight of the sample in the loss (balances data sets and classes). */
  weight: number;
}

export interface FitOptions {
  features: readonly FeatureName[];
  rules: Record<RuleName, boolean>;
  l2?: number;
  iterations?: number;
}

/**
 * Fit the claim-level logistic model to reply-level labels: a reply's predicted support is the
 * mean of its claims' probabilities (0 for a contradicted claim), as the metric's score with
 * penalised ambiguous claims is the share of supported claims. Cross-entropy, L2, full-batch Adam.
 */
export function fitSupportModel(samples: readonly ReplySample[], options: FitOptions): SupportModel {
  const names = [...options.features];
  const all = samples.flatMap((s) => s.claims);
  const stats = names.map((name) => {
    const values = all.map((x) => x[name]);
    const mean = values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
    const sd = Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / Math.max(1, values.length));
    return { name, mean, scale: sd > 1e-9 ? sd : 1 };
  });
  const rows = samples.map((s) => ({ ...s, x: s.claims.map((c) => stats.map((f) => (c[f.name] - f.mean) / f.scale)) }));
  const k = names.length + 1;
  const w = new Array<number>(k).fill(0);
  const m = new Array<number>(k).fill(0);
  const v = new Array<number>(k).fill(0);
  const l2 = options.l2 ?? 0.01;
  const rate = 0.05;
  const totalWeight = rows.reduce((a, r) => a + r.weight, 0);
  for (let it = 1; it <= (options.iterations ?? 600); it++) {
    const grad = new Array<number>(k).fill(0);
    for (const r of rows) {
      const n = r.x.length + r.contradicted;
      if (n === 0 || r.x.length === 0) continue;
      const p = r.x.map((x) => sigmoid(w[k - 1] + x.reduce((a, xi, j) => a + w[j] * xi, 0)));
      const s = Math.min(1 - 1e-6, Math.max(1e-6, p.reduce((a, b) => a + b, 0) / n));
      const y = r.faithful ? 1 : 0;
      const dS = ((s - y) / (s * (1 - s))) * (r.weight / totalWeight);
      r.x.forEach((x, i) => {
        const dz = (dS * p[i] * (1 - p[i])) / n;
        x.forEach((xi, j) => (grad[j] += dz * xi));
        grad[k - 1] += dz;
      });
    }
    for (let j = 0; j < k; j++) {
      const g = grad[j] + (j < k - 1 ? l2 * w[j] : 0);
      m[j] = 0.9 * m[j] + 0.1 * g;
      v[j] = 0.999 * v[j] + 0.001 * g * g;
      w[j] -= (rate * (m[j] / (1 - 0.9 ** it))) / (Math.sqrt(v[j] / (1 - 0.999 ** it)) + 1e-8);
    }
  }
  return {
    features: stats.map((f, j) => ({ ...f, weight: w[j] })),
    bias: w[k - 1],
    rules: { ...options.rules },
  };
}

/** Deterministic fold of a group key (FNV-1a with a seed), so related replies share a fold. */
export function foldOf(key: string, folds: number, seed = 14): number {
  let h = (2166136261 ^ seed) >>> 0;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 16777619) >>> 0;
  }
  return h % folds;
}
