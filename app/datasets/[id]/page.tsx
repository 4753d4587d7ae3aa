import Link from 'next/link';
import { RunsTable } from '@/components/runs/runs-table';
import { Table, Td } from '@/components/ui/table';
import { getDb } from '@/lib/db/client';
import { getDataset } from '@/lib/db/queries/datasets/get-dataset';
import { listConversations } from '@/lib/db/queries/datasets/list-conversations';
import { listRuns } from '@/lib/db/queries/runs/list-runs';
import { pageFromSearchParams } from '@/lib/format/pagination';

export const dynamic = 'force-dynamic';

export default async function DatasetPage(props: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | undefined>> }) {
  const [{ id }, search] = await Promise.all([props.params, props.searchParams]);
  const db = getDb();
  const page = pageFromSearchParams(search, 50);
  const [dataset, conversations, runs] = await Promise.all([getDataset(db, id), listConversations(db, id, page), listRuns(db, { datasetId: id })]);
  return (
    <div className="space-y-6">
      <div>
        <div className="flex items-center justify-between gap-4">
          <h1 className="text-2xl font-semibold">{dataset.name}</h1>
          <Link href={`/runs/new?dataset=${dataset.id}`} className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700">
            New run
          </Link>
        </div>
        <p className="mt-1 text-sm text-slate-600">
          {dataset.conversationCount} conversations · {dataset.turnCount} turns · {dataset.sourceFormat}
          {dataset.modelVersion ? ` · model version ${dataset.modelVersion}` : ''}
        </p>
      </div>
      <section className="space-y-3">
        <h2 className="text-lg font-semibold">Runs</h2>
        <RunsTable runs={runs} />
      </section>
      <section className="space-y-3">
        <h2 className="text-lg font-semibold">Conversations</h2>
        <Table head={['#', 'Name', 'First user message', 'Turns']}>
          {conversations.rows.map((c) => (
            <tr key={c.id}>
              <Td className="tabular-nums text-slate-500">{c.position + 1}</Td>
              <Td className="font-medium">{c.name ?? c.externalId ?? '–'}</Td>
              <Td className="max-w-2xl truncate text-slate-700">{c.firstUserMessage ?? '–'}</Td>
              <Td className="tabular-nums">{c.turnCount}</Td>
            </tr>
          ))}
        </Table>
      </section>
    </div>
  );
}
