/** What a state's or an alert's scope is called on the pages: "Runs of "Support"", "Online rule "prod"", "This instance". */
export function scopeLabel(scopeKey: string, names: { datasets: Map<string, string>; onlineRules: Map<string, string> }): string {
  const [kind, id = ''] = scopeKey.split(/:(.*)/s);
  const dataset = `"${names.datasets.get(id) ?? id}"`;
  switch (kind) {
    case 'dataset':
      return `Runs on ${dataset}`;
    case 'runs':
      return `Runs on ${dataset}`;
    case 'replays':
      return `Replays of ${dataset}`;
    case 'online-rule':
      return `Online rule "${names.onlineRules.get(id) ?? id}"`;
    case 'instance':
      return 'This instance';
    case 'ingest':
      return 'OpenTelemetry ingest';
    case 'test':
      return 'Test';
    default:
      return scopeKey;
  }
}

/** The dataset and online rule ids scope keys name (to look their names up once). */
export function scopeIds(scopeKeys: readonly string[]): { datasets: string[]; onlineRules: string[] } {
  const datasets = new Set<string>();
  const onlineRules = new Set<string>();
  for (const key of scopeKeys) {
    const [kind, id] = key.split(/:(.*)/s);
    if (!id) continue;
    if (kind === 'online-rule') onlineRules.add(id);
    else if (kind === 'dataset' || kind === 'runs' || kind === 'replays') datasets.add(id);
  }
  return { datasets: [...datasets], onlineRules: [...onlineRules] };
}
