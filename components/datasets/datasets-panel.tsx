import { getDb } from '@/lib/db/client';
import { listDatasets } from '@/lib/db/queries/datasets/list-datasets';
import { DatasetsTable } from './datasets-table';

/** The datasets list, read in its own Suspense boundary. */
export async function DatasetsPanel() {
  const datasets = await listDatasets(getDb());
  return <DatasetsTable datasets={datasets} />;
}
