import { pageProjectId } from '@/lib/auth/session';
import { loadDatasetList } from '@/lib/datasets/page/load-dataset-list';
import { DatasetsTable } from './datasets-table';

/** The datasets list, read in its own Suspense boundary. */
export async function DatasetsPanel() {
  const datasets = await loadDatasetList(await pageProjectId());
  return <DatasetsTable datasets={datasets} />;
}
