import type { Conversation } from '../domain';
import { type FieldReader, type Issues, readDescribingText, readText } from './fields';

/**
 * The conversation-level fields deepeval's ConversationalTestCase has, read the same way whatever
 * the record's format (deepeval, OpenAI chat, ShareGPT): `name`, `scenario`, `expected_outcome`,
 * `chatbot_role`, `user_description` (any spelling), so the metrics and the simulated user find
 * them where they look, not in the metadata. The describing texts are held to their limits and must be text.
 */
export function readCaseFields(r: FieldReader, issues: Issues): Pick<Conversation, 'name' | 'scenario' | 'expectedOutcome' | 'chatbotRole' | 'userDescription'> {
  return {
    name: readText(r.take('name'), [], issues),
    scenario: readDescribingText(r.take('scenario'), [], issues),
    expectedOutcome: readDescribingText(r.take('expected_outcome'), [], issues),
    chatbotRole: readDescribingText(r.take('chatbot_role'), [], issues),
    userDescription: readDescribingText(r.take('user_description'), [], issues),
  };
}
