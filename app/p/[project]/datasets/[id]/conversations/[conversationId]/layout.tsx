import { pageProjectId } from '@/lib/auth/session';
import type { ReactNode } from 'react';
import { loadDatasetConversationRef } from '@/lib/datasets/page/load-dataset-conversation-ref';
import { orNotFound } from '@/lib/http/or-not-found';

export const dynamic = 'force-dynamic';

// Checked here, outside loading.tsx's boundary: an unknown dataset or conversation answers
// 404 before the skeleton streams (a notFound() inside the boundary could only answer 200).
export default async function DatasetConversationLayout(props: { params: Promise<{ id: string; conversationId: string }>; children: ReactNode }) {
  const { id, conversationId } = await props.params;
  await orNotFound(loadDatasetConversationRef(await pageProjectId(), id, conversationId));
  return props.children;
}
