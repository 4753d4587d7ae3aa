import { handleDatasetPull, handleDatasetPush } from '@/lib/deepeval/datasets/handle-datasets';
import { unservedDeepevalRoute } from '@/lib/deepeval/http/unserved-route';

export const GET = handleDatasetPull;
export const POST = handleDatasetPush;
export const PUT = unservedDeepevalRoute;
export const PATCH = unservedDeepevalRoute;
export const DELETE = unservedDeepevalRoute;
