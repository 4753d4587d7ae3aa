import { z } from 'zod';

export const CONVERSATION_SORTS = ['position', 'name', 'turns', 'message'] as const;
export type ConversationSort = (typeof CONVERSATION_SORTS)[number];

const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);

/** Filters and order of a dataset's conversation list, read from a page's search params. */
export const conversationQuerySchema = z.object({
  q: z.preprocess(first, z.string().trim().max(200).catch('')).default(''),
  sort: z.preprocess(first, z.enum(CONVERSATION_SORTS).catch('position')).default('position'),
  dir: z.preprocess(first, z.enum(['asc', 'desc']).catch('asc')).default('asc'),
});
export type ConversationQuery = z.output<typeof conversationQuerySchema>;

export function parseConversationQuery(search: Record<string, string | string[] | undefined>): ConversationQuery {
  const parsed = conversationQuerySchema.safeParse(search);
  return parsed.success ? parsed.data : { q: '', sort: 'position', dir: 'asc' };
}
