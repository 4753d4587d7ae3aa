import type { ReactNode } from 'react';
import { getDb } from '@/lib/db/client';
import { getConversationRef } from '@/lib/db/queries/conversations/get-conversation-ref';
import { orNotFound } from '@/lib/http/or-not-found';

export const dynamic = 'force-dynamic';

// Checked here, outside loading.tsx's boundary: an unknown run or conversation answers 404
// before the skeleton streams (a notFound() inside the boundary could only answer 200).
export default async function RunConversationLayout(props: { params: Promise<{ id: string; conversationId: string }>; children: ReactNode }) {
  const { id, conversationId } = await props.params;
  await orNotFound(getConversationRef(getDb(), conversationId, { runId: id }));
  return props.children;
}
