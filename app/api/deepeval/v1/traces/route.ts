import { getDb } from '@/lib/db/client';
import { withDeepeval } from '@/lib/deepeval/http/with-deepeval';
import { postTrace } from '@/lib/deepeval/traces/post-trace';

// deepeval's traces: an ingest-only key may send them, as it may send OTLP; its owner must be an editor or admin.
export const POST = (request: Request) => withDeepeval(request, (principal) => postTrace(getDb(), principal, request), { keys: 'any-for-ingest' });
