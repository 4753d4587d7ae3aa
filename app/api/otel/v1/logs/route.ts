import { otherMethods } from '@/lib/api/other-methods';
import { getDb } from '@/lib/db/client';
import { receiveBatch } from '@/lib/ingest/receive-batch';
import { withIngest } from '@/lib/ingest/with-ingest';

export async function POST(request: Request) {
  return withIngest(request, (project) => receiveBatch(getDb(), project.id, request, 'logs'));
}

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
