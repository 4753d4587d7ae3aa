import { runProgressResponse } from '@/lib/api/run-progress';
import { withErrors } from '@/lib/api/with-api';
import { getDb } from '@/lib/db/client';

// Polled by the run page and the runs list while runs are live.
export async function GET(request: Request) {
  return withErrors(request, (principal) => runProgressResponse(getDb(), principal.project.id, request));
}
