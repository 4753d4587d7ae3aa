import { pageProjectId } from '@/lib/auth/session';
import Link from '@/components/ui/project-link';
import { Table, Td } from '@/components/ui/table';
import { datasetLabels } from '@/lib/format/dataset-labels';
import { formatDate } from '@/lib/format/format';
import { loadDatasetPicker } from '@/lib/runs/page/load-dataset-picker';

/**
 * `/runs/new` without a dataset: choose the one to score, by name if there are many. `link` says
 * where a choice leads (a schedule's form) instead of the new-run form.
 */
export async function DatasetPicker({ query, link = { base: '/runs/new?dataset=', label: 'Score this dataset' } }: { query: string; link?: { base: string; label: string } }) {
  const all = await loadDatasetPicker(await pageProjectId());
  const needle = query.trim().toLowerCase();
  const label = datasetLabels(all);
  const datasets = needle ? all.filter((d) => `${d.name} ${d.modelVersion ?? ''}`.toLowerCase().includes(needle)) : all;
  return (
    <div className="space-y-3">
      {all.length > 8 ? (
        <form method="get" className="flex max-w-md gap-2" role="search">
          <label htmlFor="dataset-filter" className="sr-only">
            Find a dataset
          </label>
          <input
            id="dataset-filter"
            name="q"
            defaultValue={query}
            placeholder="Find a dataset by name"
            className="w-full rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm"
          />
          <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-700">
            Find
          </button>
        </form>
      ) : null}
      <Table
        head={['Dataset', 'Model version', 'Conversations', 'Created', '']}
        empty={
          datasets.length === 0 ? (
            <p className="p-6 text-center text-sm text-slate-600">
              {all.length === 0 ? (
                <>
                  No datasets yet.{' '}
                  <Link href="/datasets/new" className="font-medium text-indigo-700 hover:underline">
                    Import one
                  </Link>{' '}
                  first.
                </>
              ) : (
                `No dataset matches “${query}”.`
              )}
            </p>
          ) : null
        }
      >
        {datasets.map((d) => (
          <tr key={d.id}>
            <Td className="max-w-xs font-medium break-words">{label.get(d.id)}</Td>
            <Td className="max-w-[12rem] break-words">{d.modelVersion ?? '–'}</Td>
            <Td className="tabular-nums">{d.conversationCount.toLocaleString('en-US')}</Td>
            <Td className="whitespace-nowrap">{formatDate(d.createdAt)}</Td>
            <Td>
              <Link href={`${link.base}${encodeURIComponent(d.id)}`} className="font-medium whitespace-nowrap text-indigo-700 hover:underline">
                {link.label}
                <span className="sr-only">: {label.get(d.id)}</span>
              </Link>
            </Td>
          </tr>
        ))}
      </Table>
    </div>
  );
}
