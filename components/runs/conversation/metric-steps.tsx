import type { ResultSteps } from '@/lib/conversations/result-details';
import type { StepsView } from '@/lib/metrics/shared/steps-view';
import { formatScore } from '@/lib/format/format';
import { TurnLink, VerdictBadge } from './verdict-badge';

/** Where a turn's window sits in the steps, so a verdict chip can link to it. */
export const windowAnchor = (metric: string, turn: number): string => `window-${metric}-${turn}`;

type Section = StepsView[number];
type Group = Section['groups'][number];
type Block = Group['blocks'][number];
type HeadingPart = NonNullable<Group['heading']>[number];

function Heading({ parts, inline = false }: { parts: HeadingPart[]; inline?: boolean }) {
  const Tag = inline ? 'span' : 'p';
  return (
    <Tag className={inline ? 'mr-1 text-slate-600' : 'mb-1 text-slate-600'}>
      {parts.map((part, i) =>
        typeof part === 'string' ? (
          <span key={i}>{part}</span>
        ) : 'turn' in part ? (
          <TurnLink key={i} turn={part.turn} />
        ) : (
          <span key={i} className="font-medium tabular-nums">
            {part.score === null ? '–' : formatScore(part.score)}
          </span>
        ),
      )}
      {inline ? ':' : null}
    </Tag>
  );
}

function BlockView({ block }: { block: Block }) {
  switch (block.kind) {
    case 'verdicts':
      return (
        <ul className="space-y-1">
          {block.items.map((v) => (
            <li key={v.key} className="grid grid-cols-[auto_minmax(0,1fr)] gap-2 text-xs">
              <span className="self-start">
                <VerdictBadge verdict={v.verdict} invert={v.invert} />
              </span>
              <div className="min-w-0">
                <p className="break-words text-slate-800">
                  {v.subject}
                  {v.extra ? <span className="text-slate-400"> · {v.extra}</span> : null}
                </p>
                <p className="break-words text-slate-500">{v.reason}</p>
              </div>
            </li>
          ))}
        </ul>
      );
    case 'chips':
      return (
        <span>
          {block.chips.map((chip) => (
            <span key={chip.key} className="mr-2 inline-block rounded bg-slate-100 px-1.5 py-0.5 text-slate-700">
              <span className="font-medium">{chip.label}</span>: {chip.text}
            </span>
          ))}
        </span>
      );
    case 'list': {
      const items = block.items.map((item, i) => (
        <li key={i} className="break-words">
          {item}
        </li>
      ));
      return block.ordered ? <ol className="list-decimal pl-5 text-slate-700">{items}</ol> : <ul className="list-disc pl-5 text-slate-800">{items}</ul>;
    }
    case 'source':
      return (
        <details>
          <summary className="cursor-pointer break-words text-slate-600">{block.summary}</summary>
          <p className="mt-1 whitespace-pre-wrap break-words rounded bg-slate-50 p-1.5 text-slate-500">{block.text}</p>
        </details>
      );
    case 'note':
      return <p className={`break-words ${block.tone === 'error' ? 'text-violet-800' : 'text-slate-500'}`}>{block.text}</p>;
  }
}

/** What a metric found on its way to the score, as its descriptor prepared it: facts, truths and claims, sentences, items, windows. */
export function MetricSteps({ metric, steps }: { metric: string; steps: ResultSteps }) {
  if (steps.kind === 'raw') {
    return (
      <div className="space-y-1.5">
        <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Steps</h4>
        <pre className="max-h-80 overflow-auto whitespace-pre-wrap break-words rounded bg-slate-50 p-2 font-mono text-[11px] text-slate-700">{steps.json}</pre>
      </div>
    );
  }
  return (
    <>
      {steps.view.map((section) => (
        <div key={section.title} className="space-y-1.5">
          <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{section.title}</h4>
          {section.groups.length === 0 ? (
            <p className="text-xs text-slate-400">{section.empty}</p>
          ) : (
            <ul className="space-y-2 text-xs" data-testid={section.testId}>
              {section.groups.map((g) => (
                <li
                  key={g.key}
                  id={g.anchorTurn === undefined ? undefined : windowAnchor(metric, g.anchorTurn)}
                  className={`space-y-1 ${g.anchorTurn === undefined ? '' : 'scroll-mt-24 target:rounded target:bg-indigo-50'}`}
                >
                  {g.blocks.length === 1 && g.blocks[0].kind === 'chips' ? (
                    // Chips read on one line after their turn: "turn 2: full name: Alex".
                    <p>
                      {g.heading ? <Heading parts={g.heading} inline /> : null}
                      <BlockView block={g.blocks[0]} />
                    </p>
                  ) : (
                    <>
                      {g.heading ? <Heading parts={g.heading} /> : null}
                      {g.blocks.map((block, i) => (
                        <BlockView key={i} block={block} />
                      ))}
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </>
  );
}
