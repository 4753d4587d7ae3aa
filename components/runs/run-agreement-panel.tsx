import { pageProjectId } from '@/lib/auth/session';
import { Card } from '@/components/ui/card';
import { prepareAgreementCards } from '@/lib/charts/prepare-agreement-cards';
import { loadRunAgreement } from '@/lib/runs/page/load-run-agreement';

const toneClass = { good: 'text-emerald-700', fair: 'text-amber-700', poor: 'text-rose-700', none: 'text-slate-400' } as const;

/** How far the judge agrees with people on the turns the dataset labels; nothing when it labels none. */
export async function RunAgreementPanel({ runId }: { runId: string }) {
  const cards = prepareAgreementCards(await loadRunAgreement(await pageProjectId(), runId));
  if (cards.length === 0) return null;
  return (
    <section aria-labelledby="agreement-heading" className="space-y-3">
      <h2 id="agreement-heading" className="text-lg font-semibold">
        Agreement with people
      </h2>
      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        {cards.map((c) => (
          <Card key={c.metric} title={c.title}>
            <div data-testid={`agreement-${c.metric}`} className="space-y-2 text-sm">
              <p>
                <span className={`text-2xl font-semibold tabular-nums ${toneClass[c.tone]}`}>{c.kappa}</span>{' '}
                <span className="text-xs text-slate-500">{c.kappaInterval}</span>
              </p>
              <p className="text-xs text-slate-500">
                Cohen’s κ over {c.n} labelled turns (1 = the judge agrees with people on every turn; 0 = no better than chance). Recall: of the turns people failed, the
                share the judge failed; precision: of the judge’s failures, the share people agree with.
              </p>
              <dl className="space-y-0.5 text-xs">
                {c.rows.map((r) => (
                  <div key={r.label} className="flex justify-between gap-3">
                    <dt className="text-slate-600">{r.label}</dt>
                    <dd className="whitespace-nowrap tabular-nums text-slate-800">{r.value}</dd>
                  </div>
                ))}
              </dl>
              {c.reviewers.length > 1 ? (
                <dl className="space-y-0.5 border-t border-slate-100 pt-2 text-xs" aria-label={`${c.title}: the judge against each reviewer`}>
                  {c.reviewers.map((r) => (
                    <div key={r.reviewer} className="flex justify-between gap-3">
                      <dt className="truncate text-slate-600">Judge vs {r.reviewer}</dt>
                      <dd className="whitespace-nowrap tabular-nums text-slate-800">{r.value}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              {c.split ? <p className="text-xs text-slate-500">{c.split}</p> : null}
              {c.betweenReviewers ? (
                <p className="text-xs text-slate-700" data-testid={`between-reviewers-${c.metric}`}>
                  {c.betweenReviewers}: the most a judge can be expected to reach.
                </p>
              ) : null}
              <table className="w-full text-xs tabular-nums" aria-label={`${c.title}: judge against people`}>
                <thead>
                  <tr className="text-slate-500">
                    <th className="text-left font-normal"></th>
                    <th className="font-normal">People: fail</th>
                    <th className="font-normal">People: pass</th>
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    <th className="text-left font-normal text-slate-500">Judge: fail</th>
                    <td className="text-center">{c.confusion.judgeNoHumanNo}</td>
                    <td className="text-center text-rose-700">{c.confusion.judgeNoHumanYes}</td>
                  </tr>
                  <tr>
                    <th className="text-left font-normal text-slate-500">Judge: pass</th>
                    <td className="text-center text-rose-700">{c.confusion.judgeYesHumanNo}</td>
                    <td className="text-center">{c.confusion.judgeYesHumanYes}</td>
                  </tr>
                </tbody>
              </table>
            </div>
          </Card>
        ))}
      </div>
    </section>
  );
}
