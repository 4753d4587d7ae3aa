import { RunsTable } from '@/components/runs/runs-table';
import { getDb } from '@/lib/db/client';
import { listRuns } from '@/lib/db/queries/runs/list-runs';

/** The runs scored on a dataset, newest first. */
export async function DatasetRunsPanel({ datasetId }: { datasetId: string }) {
  const runs = await listRuns(getDb(), { datasetId, take: 20 });
  return <RunsTable runs={runs} />;
}
