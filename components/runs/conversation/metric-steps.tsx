import type { ResultSteps } from '@/lib/db/queries/conversations/result-details';
import { formatScore } from '@/lib/format/format';
import { TurnLink, VerdictBadge } from './verdict-badge';

/** Where a turn's window sits in the steps, so a verdict chip can link to it. */
export const windowAnchor = (metric: string, turn: number): string => `window-${metric}-${turn}`;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="space-y-1.5">
      <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</h4>
      {children}
    </div>
  );
}

const None = ({ children }: { children: React.ReactNode }) => <p className="text-xs text-slate-400">{children}</p>;

function Verdicts({ items }: { items: { key: string; subject: string; verdict: string; reason: string; invert?: boolean; extra?: string }[] }) {
  return (
    <ul className="space-y-1">
      {items.map((v) => (
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
}

/** What a metric found on its way to the score: facts, truths and claims, sentences, items, windows. */
/** Expected-output sentences with the node each was attributed to (contextual recall, turn contextual recall). */
const sentenceItems = (group: number, sentences: { sentence: string; verdict: string; reason: string; node: number | null }[]) =>
  sentences.map((s, i) => ({
    key: `${group}-${i}`,
    subject: s.sentence,
    verdict: s.verdict,
    reason: s.reason,
    extra: s.node === null ? 'no node' : `node ${s.node}`,
  }));

export function MetricSteps({ steps }: { steps: ResultSteps }) {
  switch (steps.kind) {
    case 'knowledge_retention': {
      const stated = steps.steps.facts.filter((f) => f.facts.length > 0);
      return (
        <>
          <Section title="Facts the user gave">
            {stated.length === 0 ? (
              <None>The user stated no facts to remember.</None>
            ) : (
              <ul className="space-y-1 text-xs" data-testid="facts">
                {stated.map((f) => (
                  <li key={f.turn}>
                    <TurnLink turn={f.turn} />:{' '}
                    {f.facts.map((fact, i) => (
                      <span key={i} className="mr-2 inline-block rounded bg-slate-100 px-1.5 py-0.5 text-slate-700">
                        <span className="font-medium">{fact.key}</span>: {fact.values.join(', ')}
                      </span>
                    ))}
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section title="Attrition (forgetting, contradicting or asking again)">
            {steps.steps.attrition.length === 0 ? (
              <None>No assistant turn came after a stated fact.</None>
            ) : (
              <Verdicts
                items={steps.steps.attrition.map((a) => ({ key: String(a.turn), subject: `Turn ${a.turn + 1}: attrition ${a.attrition}`, verdict: a.attrition, reason: a.reason, invert: true }))}
              />
            )}
          </Section>
        </>
      );
    }
    case 'turn_faithfulness': {
      const documents = steps.steps.truths.flatMap((t) => t.documents);
      return (
        <>
          <Section title="Truths from the retrieved documents">
            {documents.length === 0 ? (
              <None>No retrieved document.</None>
            ) : (
              <ul className="space-y-1.5 text-xs" data-testid="truths">
                {documents.map((d, i) => (
                  <li key={i}>
                    <details>
                      <summary className="cursor-pointer break-words text-slate-600">
                        Document {i + 1}: {d.truths.length} {d.truths.length === 1 ? 'truth' : 'truths'}
                      </summary>
                      <p className="mt-1 whitespace-pre-wrap break-words rounded bg-slate-50 p-1.5 text-slate-500">{d.document}</p>
                    </details>
                    <ul className="mt-1 list-disc pl-5 text-slate-800">
                      {d.truths.map((t, j) => (
                        <li key={j} className="break-words">
                          {t}
                        </li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section title="Claims and their verdicts, window by window">
            {steps.steps.windows.length === 0 ? (
              <None>No window was judged.</None>
            ) : (
              <ul className="space-y-2" data-testid="claims">
                {steps.steps.windows.map((w) => (
                  <li key={w.exchange} id={windowAnchor('turn_faithfulness', w.turn)} className="scroll-mt-24 text-xs target:rounded target:bg-indigo-50">
                    <p className="mb-1 text-slate-600">
                      Window ending at <TurnLink turn={w.turn} /> (exchanges {w.exchanges[0] + 1}–{w.exchanges[1] + 1}) · score{' '}
                      <span className="font-medium tabular-nums">{w.score === null ? '–' : formatScore(w.score)}</span>
                    </p>
                    {w.error ? (
                      <p className="break-words text-violet-800" data-testid="window-error">
                        Not judged: {w.error}
                      </p>
                    ) : w.claims.length === 0 ? (
                      <None>No factual claim in this window.</None>
                    ) : (
                      <Verdicts items={w.claims.map((c, i) => ({ key: `${w.exchange}-${i}`, subject: c.claim, verdict: c.verdict, reason: c.reason }))} />
                    )}
                  </li>
                ))}
              </ul>
            )}
          </Section>
        </>
      );
    }
    case 'conversation_relevancy':
      return (
        <Section title="Relevance of each reply, in its window">
          {steps.steps.windows.length === 0 ? (
            <None>No exchange to judge.</None>
          ) : (
            <Verdicts
              items={steps.steps.windows.map((w) => ({
                key: String(w.exchange),
                subject: `Turn ${w.turn + 1} (window of exchanges ${w.exchanges[0] + 1}–${w.exchanges[1] + 1})`,
                verdict: w.verdict ?? 'unreadable',
                reason: w.reason,
              }))}
            />
          )}
        </Section>
      );
    case 'contextual_recall':
      return (
        <Section title="Sentences of the expected output and their attribution">
          {steps.steps.sentences.length === 0 ? (
            <None>No turn has both an expected output and retrieval context.</None>
          ) : (
            <ul className="space-y-2" data-testid="sentences">
              {steps.steps.sentences.map((t) => (
                <li key={t.turn} className="text-xs">
                  <p className="mb-1 text-slate-600">
                    <TurnLink turn={t.turn} /> · score <span className="font-medium tabular-nums">{formatScore(t.score)}</span>
                  </p>
                  <Verdicts items={sentenceItems(t.turn, t.sentences)} />
                </li>
              ))}
            </ul>
          )}
        </Section>
      );
    case 'context_coverage':
      return (
        <Section title="Context items covered by each response">
          {steps.steps.items.length === 0 ? (
            <None>No turn has context items.</None>
          ) : (
            <ul className="space-y-2" data-testid="coverage-items">
              {steps.steps.items.map((t) => (
                <li key={t.turn} className="text-xs">
                  <p className="mb-1 text-slate-600">
                    <TurnLink turn={t.turn} /> · coverage <span className="font-medium tabular-nums">{formatScore(t.score)}</span>
                  </p>
                  <Verdicts items={t.items.map((item, i) => ({ key: `${t.turn}-${i}`, subject: item.item, verdict: item.verdict, reason: item.reason }))} />
                </li>
              ))}
            </ul>
          )}
        </Section>
      );
    case 'turn_contextual_recall':
      return (
        <Section title="Sentences of the expected outcome, window by window">
          {steps.steps.windows.length === 0 ? (
            <None>No window was judged.</None>
          ) : (
            <ul className="space-y-2" data-testid="recall-windows">
              {steps.steps.windows.map((w) => (
                <li key={w.exchange} id={windowAnchor('turn_contextual_recall', w.turn)} className="scroll-mt-24 text-xs target:rounded target:bg-indigo-50">
                  <p className="mb-1 text-slate-600">
                    Window ending at <TurnLink turn={w.turn} /> (exchanges {w.exchanges[0] + 1}–{w.exchanges[1] + 1}) · score{' '}
                    <span className="font-medium tabular-nums">{w.score === null ? '–' : formatScore(w.score)}</span>
                  </p>
                  {w.error ? (
                    <p className="break-words text-violet-800">Not judged: {w.error}</p>
                  ) : w.retrievalContext.length === 0 ? (
                    <None>Nothing was retrieved in this window; it scores 1 by the reference rule.</None>
                  ) : (
                    <Verdicts items={sentenceItems(w.exchange, w.sentences)} />
                  )}
                </li>
              ))}
            </ul>
          )}
        </Section>
      );
    case 'g_eval': {
      const { evaluationSteps, judgement, turns } = steps.steps;
      return (
        <>
          <Section title="Evaluation steps">
            <ol className="list-decimal space-y-0.5 pl-5 text-xs text-slate-700">
              {evaluationSteps.map((step, i) => (
                <li key={i} className="break-words">
                  {step}
                </li>
              ))}
            </ol>
          </Section>
          {judgement ? (
            <Section title="Judgement of the conversation">
              <p className="text-xs text-slate-700">
                Score <span className="font-medium tabular-nums">{judgement.score}</span> of 10
                {judgement.weightedScore !== undefined ? (
                  <span className="text-slate-500"> · weighted by the judge’s token probabilities: {judgement.weightedScore.toFixed(2)}</span>
                ) : null}
              </p>
              {judgement.turns.length === 0 ? (
                <None>The judge named no turn as costing points.</None>
              ) : (
                <Verdicts
                  items={judgement.turns.map((t) => ({ key: String(t.turn), subject: `Turn ${t.turn}`, verdict: 'no', reason: t.reason }))}
                />
              )}
            </Section>
          ) : null}
          {turns ? (
            <Section title="Assistant turns">
              {turns.length === 0 ? (
                <None>No assistant turn was judged.</None>
              ) : (
                <ul className="space-y-1">
                  {turns.map((t) => (
                    <li key={t.turn} className="text-xs">
                      <p className="text-slate-800">
                        <TurnLink turn={t.turn} /> · score <span className="font-medium tabular-nums">{formatScore(t.score)}</span>
                        {t.weighted ? <span className="text-slate-400"> · probability-weighted</span> : null}
                      </p>
                      <p className="break-words text-slate-500">{t.reason}</p>
                    </li>
                  ))}
                </ul>
              )}
            </Section>
          ) : null}
        </>
      );
    }
    case 'raw':
      return (
        <Section title="Steps">
          <pre className="max-h-80 overflow-auto whitespace-pre-wrap break-words rounded bg-slate-50 p-2 font-mono text-[11px] text-slate-700">{steps.json}</pre>
        </Section>
      );
  }
}
