import { openApiDocument } from '@/lib/api/openapi';
import { withApi } from '@/lib/api/with-api';

export async function GET(request: Request) {
  return withApi(request, async () => Response.json(openApiDocument()));
}
