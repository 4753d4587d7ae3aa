import { Table, Td } from '@/components/ui/table';
import { loadAgreementComparison } from '@/lib/agreement/page/load-agreement-comparison';
import { prepareAgreementComparison } from '@/lib/charts/prepare-agreement-comparison';
import type { ComparedRun } from '@/lib/db/queries/compare/get-compared-runs';
import { runName } from './delta';

/** Cohen's κ of each run's judge against people's labels, metric by metric; nothing when no run has labelled turns. */
export async function AgreementComparison({ runs }: { runs: ComparedRun[] }) {
  const rows = prepareAgreementComparison(await loadAgreementComparison(runs));
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="agreement-comparison-heading" className="space-y-2">
      <h2 id="agreement-comparison-heading" className="text-lg font-semibold">
        Agreement with people
      </h2>
      <Table head={['Metric', ...runs.map((r, i) => `${i === 0 ? 'Baseline' : 'Candidate'}: ${runName(r)}`)]}>
        {rows.map((row) => (
          <tr key={row.metric} data-metric={row.metric}>
            <Td className="font-medium">{row.title}</Td>
            {row.cells.map((cell, i) => (
              <Td key={i} className={`tabular-nums ${row.best === i ? 'font-semibold text-emerald-700' : ''}`}>
                {cell}
                {row.best === i ? <span className="ml-1 text-xs font-normal">agrees most</span> : null}
              </Td>
            ))}
          </tr>
        ))}
      </Table>
      <p className="text-xs text-slate-500">Cohen’s κ of each run’s per-turn verdicts against people’s labels (from the dataset file and reviews) on the turns it judged.</p>
    </section>
  );
}
