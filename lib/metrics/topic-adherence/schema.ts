import { z } from 'zod';
import { sharedMetricOptionsSchema } from '../shared/options';

/**
 * topic_adherence takes the options every metric takes plus deepeval's `relevant_topics`
 * parameter as `relevantTopics`; a conversation's own relevant_topics win for that conversation.
 */
export const topicAdherenceOptionsSchema = sharedMetricOptionsSchema.extend({
  relevantTopics: z.array(z.string().trim().min(1, 'a topic is non-empty text')).min(1, 'name at least one topic').optional(),
});
export type TopicAdherenceOptions = z.input<typeof topicAdherenceOptionsSchema>;

/** The topics a conversation is judged against: its own, else the metric option's; undefined with neither. */
export function topicsFor(conversation: { relevantTopics?: string[] }, options: { relevantTopics?: string[] }): string[] | undefined {
  const own = conversation.relevantTopics?.map((t) => t.trim()).filter((t) => t !== '');
  if (own?.length) return own;
  return options.relevantTopics?.length ? options.relevantTopics : undefined;
}
