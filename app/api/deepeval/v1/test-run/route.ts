import { unservedDeepevalRoute } from '@/lib/deepeval/http/unserved-route';
import { handleTestRunPost, handleTestRunPut } from '@/lib/deepeval/test-runs/handle-test-run';

export const POST = handleTestRunPost;
export const PUT = handleTestRunPut;
export const GET = unservedDeepevalRoute;
export const PATCH = unservedDeepevalRoute;
export const DELETE = unservedDeepevalRoute;
