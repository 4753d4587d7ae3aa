/** How a κ reads, on the usual scale (Landis and Koch, merged): ≥ 0.6 substantial, ≥ 0.4 moderate, below that poor (0 and below: no better than chance). */
export type KappaTone = 'good' | 'fair' | 'poor' | 'none';

/** The tone of a κ; 'none' when there is no measurement. */
export const kappaTone = (kappa: number | null): KappaTone => (kappa === null ? 'none' : kappa >= 0.6 ? 'good' : kappa >= 0.4 ? 'fair' : 'poor');
