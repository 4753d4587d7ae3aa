import type { Conversation, Turn } from '../domain';
import { FieldReader, type Issues, type Path, compact, describe, isPlainObject, mergeMetadata, readDescribingText, readText } from './fields';
import { readCaseFields } from './case-fields';
import { readConversationToolFields } from './conversation-tools';
import { type MapResult, readId, result, warnIfEmpty } from './mapped';
import { normaliseRole, unknownRoleIssue, type RoleValues } from './roles';

/**
 * One ShareGPT item `{"conversations": [{"from": "human"|"gpt"|"system", "value"}]}` → a
 * conversation; its scenario, expected outcome, chatbot role and the other case fields are read
 * as deepeval's are (a named chatbot_role wins over system messages).
 */
export function mapShareGptRecord(record: unknown, roleValues?: RoleValues): MapResult {
  const issues: Issues = [];
  if (!isPlainObject(record)) {
    issues.push({ severity: 'error', path: [], message: `expected an object with conversations, found ${describe(record)}` });
    return { conversation: null, issues };
  }
  const r = new FieldReader(record);
  const listField = r.take('conversations', 'conversation');
  const conversation: Conversation = { turns: [] };
  conversation.externalId = readId(r, issues);
  const fields = readCaseFields(r, issues);
  Object.assign(conversation, readConversationToolFields(r, issues, { openAiTools: true }));
  if (!listField || !Array.isArray(listField.value)) {
    issues.push({
      severity: 'error',
      path: [listField?.key ?? 'conversations'],
      message: `expected conversations: a list of {from, value}, found ${listField ? describe(listField.value) : 'nothing'}`,
    });
    return { conversation: null, issues };
  }
  const system: string[] = [];
  const topSystem = readDescribingText(r.take('system'), [], issues);
  if (topSystem !== undefined) system.push(topSystem);

  listField.value.forEach((message, j) => {
    const path: Path = [listField.key, j];
    if (!isPlainObject(message)) {
      issues.push({ severity: 'error', path, message: `expected a message object, found ${describe(message)}` });
      return;
    }
    const m = new FieldReader(message);
    const fromField = m.take('from', 'role');
    const valueField = m.take('value', 'content');
    const text = readText(valueField, path, issues);
    if (!fromField) {
      issues.push({ severity: 'error', path: [...path, 'from'], message: 'missing from (the speaker: human, gpt or system)' });
      return;
    }
    if (text === undefined) issues.push({ severity: 'error', path: [...path, 'value'], message: 'missing value' });
    if (typeof fromField.value === 'string' && fromField.value.trim().toLowerCase() === 'system') {
      system.push(text ?? '');
      return;
    }
    const role = normaliseRole(fromField.value, roleValues);
    if (!role) {
      issues.push(unknownRoleIssue([...path, fromField.key], fromField.value));
      return;
    }
    warnIfEmpty(text ?? '', [...path, valueField?.key ?? 'value'], issues);
    const turn: Turn = { role, content: text ?? '' };
    const metadata = mergeMetadata(m.rest());
    if (metadata) turn.metadata = metadata;
    conversation.turns.push(turn);
  });
  // A chatbot_role the record names wins; its system messages are then kept as they were sent.
  Object.assign(conversation, fields, { chatbotRole: fields.chatbotRole ?? (system.length > 0 ? system.join('\n\n') : undefined) });
  conversation.metadata = mergeMetadata(fields.chatbotRole !== undefined && system.length > 0 ? { system: system.join('\n\n') } : undefined, r.rest());
  return result(compact(conversation), issues);
}
