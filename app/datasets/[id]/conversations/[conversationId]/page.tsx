import { ConversationView } from '@/components/datasets/conversation-view';
import { getDb } from '@/lib/db/client';
import { getConversation } from '@/lib/db/queries/datasets/get-conversation';
import { orNotFound } from '@/lib/imports/or-not-found';
import { requirePage } from '@/lib/auth/session';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string; conversationId: string }> };

export async function generateMetadata({ params }: Props) {
  const { id, conversationId } = await params;
  const detail = await orNotFound(getConversation(getDb(), id, conversationId));
  return { title: `Conversation ${detail.position + 1} · ${detail.datasetName}` };
}

export default async function ConversationPage({ params }: Props) {
  await requirePage();
  const { id, conversationId } = await params;
  const detail = await orNotFound(getConversation(getDb(), id, conversationId));
  return <ConversationView detail={detail} />;
}
