import { formatDate } from './format';

export interface NamedDataset {
  id: string;
  name: string;
  createdAt: Date;
}

/**
 * How each dataset is named where several are offered together: its name, and where another
 * has the same name, when it was imported and the end of its id, so the two can be told apart.
 */
export function datasetLabels(datasets: readonly NamedDataset[]): Map<string, string> {
  const seen = new Map<string, number>();
  for (const d of datasets) seen.set(d.name, (seen.get(d.name) ?? 0) + 1);
  return new Map(datasets.map((d) => [d.id, (seen.get(d.name) ?? 0) > 1 ? `${d.name} (${formatDate(d.createdAt)}, #${d.id.slice(-6)})` : d.name]));
}
