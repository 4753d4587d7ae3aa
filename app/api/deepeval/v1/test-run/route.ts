import { handleTestRunPost, handleTestRunPut } from '@/lib/deepeval/test-runs/handle-test-run';

export const POST = handleTestRunPost;
export const PUT = handleTestRunPut;
