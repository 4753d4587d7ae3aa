import { pageProjectId } from '@/lib/auth/session';
import type { ReactNode } from 'react';
import { orNotFound } from '@/lib/http/or-not-found';
import { loadRunConversationRef } from '@/lib/runs/page/load-run-conversation-ref';

export const dynamic = 'force-dynamic';

// Checked here, outside loading.tsx's boundary: an unknown run or conversation answers 404
// before the skeleton streams (a notFound() inside the boundary could only answer 200).
export default async function RunConversationLayout(props: { params: Promise<{ id: string; conversationId: string }>; children: ReactNode }) {
  const { id, conversationId } = await props.params;
  await orNotFound(loadRunConversationRef(await pageProjectId(), id, conversationId));
  return props.children;
}
