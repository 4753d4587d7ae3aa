import type { Db } from '@/lib/db/db-types';
import { datasetConversationPages } from '@/lib/db/queries/datasets/conversation-pages';
import { addToProfile, emptyProfile, readProfile } from '@/lib/metrics/applicability-profile';

/** A dataset's stored applicable-metrics counts, and the same counted now from its conversations. */
export async function storedAndCounted(db: Db, datasetId: string) {
  const row = await db.dataset.findUniqueOrThrow({ where: { id: datasetId }, select: { applicableCounts: true } });
  const counted = emptyProfile();
  for await (const page of datasetConversationPages(db, datasetId)) addToProfile(counted, page);
  return { stored: readProfile(row.applicableCounts), counted };
}
