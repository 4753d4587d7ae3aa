import { openApiDocument } from '@/lib/api/openapi';
import { otherMethods } from '@/lib/api/other-methods';
import { withSignedIn } from '@/lib/api/with-api';

export async function GET(request: Request) {
  return withSignedIn(request, async () => Response.json(openApiDocument()));
}

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
