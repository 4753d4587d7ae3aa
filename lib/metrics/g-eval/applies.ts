import { distinctNonBlank, isBlank } from '../shared/messages';
import type { Conversation } from '../../domain/conversation';
import { FIELD_LABELS, type GEvalDefinition } from './definition';

/**
 * Whether a conversation has what a G-Eval metric shows its judge. Like deepeval, which refuses a
 * test case missing a parameter the metric names, a run leaves out a conversation without an
 * assistant turn, without a conversation field the metric names (scenario, expected outcome,
 * chatbot role), or whose assistant turns all lack a turn field it names (retrieval context,
 * expected output, tools called).
 */
export function gEvalApplies(definition: Pick<GEvalDefinition, 'fields'>, c: Conversation): boolean {
  const replies = c.turns.filter((t) => t.role === 'assistant');
  if (replies.length === 0) return false;
  return definition.fields.every((field) => {
    switch (field) {
      case 'scenario':
        return !isBlank(c.scenario);
      case 'expected_outcome':
        return !isBlank(c.expectedOutcome);
      case 'chatbot_role':
        return !isBlank(c.chatbotRole);
      case 'retrieval_context':
        return replies.some((t) => distinctNonBlank(t.retrievalContext).length > 0);
      case 'expected_output':
        return replies.some((t) => !isBlank(t.expectedOutput));
      case 'tools_called':
        return replies.some((t) => (t.toolsCalled?.length ?? 0) > 0);
      default:
        return true;
    }
  });
}

/** What a conversation needs for the metric to apply, as the new-run form says it. */
export function customMetricNeeds(definition: Pick<GEvalDefinition, 'fields'>): string {
  const named = definition.fields.filter((f) => f !== 'content' && f !== 'role').map((f) => FIELD_LABELS[f].toLowerCase());
  return ['an assistant turn', ...named].join(', ');
}
