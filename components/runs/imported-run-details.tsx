/** What each tool calls the run's model version and parameters, so the page speaks its words. */
const TOOL_WORDS: Record<string, { modelVersion: string; parameters: string }> = {
  deepeval: { modelVersion: 'identifier', parameters: 'hyperparameters' },
};

/** A value of a run's parameters as text, cut short. */
function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

/** What an imported run says of where it came from: that its scores are its tool's, and the parameters that tool gave. */
export function ImportedRunDetails({ origin, parameters }: { origin: string; parameters: unknown }) {
  const words = TOOL_WORDS[origin] ?? { modelVersion: 'model version', parameters: 'parameters' };
  const entries = parameters && typeof parameters === 'object' && !Array.isArray(parameters) ? Object.entries(parameters) : [];
  return (
    <p className="mt-1 max-w-4xl text-sm text-slate-600" data-testid="imported-run">
      Scored by {origin}, not by Turnwise: every score, reason and per-turn verdict here is {origin}&apos;s. The model version is the run&apos;s {words.modelVersion}.{' '}
      {entries.length ? (
        <>
          {words.parameters[0].toUpperCase() + words.parameters.slice(1)}:{' '}
          {entries.map(([name, value], i) => (
            <span key={name}>
              {i ? ' · ' : ''}
              <span className="text-slate-500">{name}</span> <span className="font-medium text-slate-800">{shown(value)}</span>
            </span>
          ))}
        </>
      ) : (
        `No ${words.parameters} were given.`
      )}
    </p>
  );
}
