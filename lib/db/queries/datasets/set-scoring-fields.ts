import { Prisma } from '../../generated/sqlite/client';
import type { Db } from '../../db-types';
import { notFound } from '../../not-found';

/** Conversation fields some metrics read and some sources never send (deepeval's client sends no chatbot_role). */
export interface ScoringFields {
  chatbotRole?: string;
  relevantTopics?: string[];
  availableTools?: Record<string, unknown>[];
}

/**
 * Sets fields on a dataset's conversations (those without the field, or all of them) in one
 * transaction, and drops the dataset's applicable-metrics counts, which the next read counts again
 * from its conversations. Returns how many conversations each field was set on.
 */
export async function setScoringFields(db: Db, projectId: string, datasetId: string, fields: ScoringFields, onlyWhereMissing: boolean): Promise<Record<keyof ScoringFields, number>> {
  return db.$transaction(async (tx) => {
    const found = await tx.dataset.findUnique({ where: { id: datasetId, projectId, importing: false }, select: { sourceFormat: true } });
    if (!found) throw notFound('Dataset', datasetId);
    const set = async (data: Prisma.ConversationUpdateManyMutationInput, missing: Prisma.ConversationWhereInput) =>
      (await tx.conversation.updateMany({ where: { datasetId, ...(onlyWhereMissing ? missing : {}) }, data })).count;
    const counts = { chatbotRole: 0, relevantTopics: 0, availableTools: 0 };
    if (fields.chatbotRole !== undefined) counts.chatbotRole = await set({ chatbotRole: fields.chatbotRole }, { OR: [{ chatbotRole: null }, { chatbotRole: '' }] });
    const noJson = { equals: Prisma.DbNull };
    if (fields.relevantTopics !== undefined) counts.relevantTopics = await set({ relevantTopics: fields.relevantTopics }, { relevantTopics: noJson });
    if (fields.availableTools !== undefined) counts.availableTools = await set({ availableTools: fields.availableTools as Prisma.InputJsonArray }, { availableTools: noJson });
    await tx.dataset.update({ where: { id: datasetId, projectId }, data: { applicableCounts: Prisma.DbNull } });
    return counts;
  });
}
