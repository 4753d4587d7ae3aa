import { handleCreateDatasetVersion, handleDatasetVersions } from '@/lib/deepeval/datasets/handle-datasets';
import { unservedDeepevalRoute } from '@/lib/deepeval/http/unserved-route';

export const GET = handleDatasetVersions;
export const POST = handleCreateDatasetVersion;
export const PUT = unservedDeepevalRoute;
export const PATCH = unservedDeepevalRoute;
export const DELETE = unservedDeepevalRoute;
