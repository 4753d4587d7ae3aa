import { withApi } from '@/lib/api/with-api';
import { getDb } from '@/lib/db/client';
import { handleImportRequest } from '@/lib/imports/handle-requests';

// The body is the file itself (up to hundreds of MB), streamed into the database: a route
// handler, since server actions buffer their arguments.
export async function POST(request: Request) {
  return withApi(request, (principal) => handleImportRequest(getDb(), principal.project.id, request));
}
