import type { ImportedDetails } from '../domain/imported-result';
import { group, type StepsView, type ViewBlock } from '../metrics/shared/steps-view';

/**
 * What the conversation view shows of a result another tool scored: which tool, under which
 * name and judge; whether its per-turn verdicts came with it (or why not: "No per-turn verdicts
 * in this log: …"); and the tool's own log of the scoring, folded.
 */
export function importedStepsView(details: ImportedDetails): StepsView {
  const chips = [
    ...(details.sourceMetric ? [{ key: 'metric', label: `${details.origin}'s metric`, text: details.sourceMetric }] : []),
    ...(details.judge ? [{ key: 'judge', label: 'judge', text: details.judge }] : []),
    ...Object.entries(details.facts ?? {}).map(([key, value]) => ({ key, label: key, text: String(value) })),
  ];
  const blocks: ViewBlock[] = [
    ...(chips.length ? [{ kind: 'chips' as const, chips }] : []),
    details.turnVerdicts.found
      ? {
          kind: 'note',
          text:
            details.turnVerdicts.turns === 0
              ? `Read from ${details.turnVerdicts.from}: it judged no turn of this conversation.`
              : `Per-turn verdicts read from ${details.turnVerdicts.from}, on the turns they name.`,
        }
      : { kind: 'note', tone: 'error', text: `${details.turnVerdicts.note}.` },
    ...(details.log ? [{ kind: 'source' as const, summary: `${details.origin}'s log of this score`, text: details.log }] : []),
  ];
  return [{ title: `Scored by ${details.origin}`, empty: '', groups: [group('imported', blocks)], testId: 'imported-result' }];
}
