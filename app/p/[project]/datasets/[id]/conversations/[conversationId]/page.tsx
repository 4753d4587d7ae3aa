import { ConversationView } from '@/components/datasets/conversation-view';
import { loadDatasetConversation } from '@/lib/datasets/page/load-dataset-conversation';
import { orNotFound } from '@/lib/http/or-not-found';
import { requirePage } from '@/lib/auth/session';
import { turnWindow } from '@/lib/conversations/turn-pages';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string; conversationId: string }>; searchParams: Promise<{ turns?: string | string[]; turn?: string | string[] }> };

export async function generateMetadata({ params }: Props) {
  const { id, conversationId } = await params;
  const detail = await orNotFound(loadDatasetConversation(id, conversationId));
  return { title: `Conversation ${detail.position + 1} · ${detail.datasetName}` };
}

export default async function ConversationPage({ params, searchParams }: Props) {
  await requirePage();
  const [{ id, conversationId }, query] = await Promise.all([params, searchParams]);
  const detail = await orNotFound(loadDatasetConversation(id, conversationId));
  return <ConversationView detail={detail} window={turnWindow(detail.conversation.turns.length, query)} />;
}
