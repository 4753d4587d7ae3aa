import { pageProjectId } from '@/lib/auth/session';
import { RunsTable } from '@/components/runs/runs-table';
import { loadDatasetRuns } from '@/lib/datasets/page/load-dataset-runs';

/** The runs scored on a dataset, newest first. */
export async function DatasetRunsPanel({ datasetId }: { datasetId: string }) {
  const runs = await loadDatasetRuns(await pageProjectId(), datasetId);
  return <RunsTable runs={runs} />;
}
