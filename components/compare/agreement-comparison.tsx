import { pageProjectId } from '@/lib/auth/session';
import { Table, Td } from '@/components/ui/table';
import { loadAgreementComparison } from '@/lib/agreement/page/load-agreement-comparison';
import { prepareAgreementComparison } from '@/lib/charts/prepare-agreement-comparison';
import type { ComparedRun } from '@/lib/db/queries/compare/get-compared-runs';
import { runName } from './delta';

// The agreement cards' scale (lib/charts/kappa-tone.ts).
const TONE = { good: 'text-emerald-700', fair: 'text-amber-700', poor: 'text-rose-700', none: 'text-slate-500' } as const;

/** Cohen's κ of each run's judge against people's labels, metric by metric; nothing when no run has labelled turns. */
export async function AgreementComparison({ runs }: { runs: ComparedRun[] }) {
  const rows = prepareAgreementComparison(await loadAgreementComparison(await pageProjectId(), runs));
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
              <Td key={i} className={`tabular-nums ${TONE[row.tones[i]]} ${row.best === i ? 'font-semibold' : ''}`}>
                {cell}
                {row.best === i ? <span className="ml-1 text-xs font-normal">agrees most</span> : null}
                {i === row.cells.length - 1 && row.note ? <span className="block text-xs font-normal text-slate-500">{row.note}</span> : null}
              </Td>
            ))}
          </tr>
        ))}
      </Table>
      <p className="text-xs text-slate-500">
        Cohen’s κ of each run’s per-turn verdicts against people’s labels (from the dataset file and reviews) on the turns it judged: green from 0.6 (substantial), amber from 0.4 (moderate), red below
        (0 and below is no better than chance).
      </p>
    </section>
  );
}
