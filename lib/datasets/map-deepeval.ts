import type { Conversation, Turn } from '../domain';
import { readLabels } from './labels';
import {
  FieldReader,
  type Issues,
  type Path,
  compact,
  describe,
  isPlainObject,
  mergeMetadata,
  readObject,
  readText,
  readTextList,
  readToolList,
} from './fields';
import { readCaseFields } from './case-fields';
import { readConversationToolFields } from './conversation-tools';
import { locateJsonError } from './json-errors';
import { type MapResult, readId, result, warnIfEmpty } from './mapped';
import { normaliseRole, unknownRoleIssue, type RoleValues } from './roles';

const OUTPUT = ['actual_output', 'output'];
const EXPECTED = ['expected_output', 'ground_truth'];
const META = ['additional_metadata', 'metadata'];

/** deepeval's oldest conversational shape: `messages` holding single-turn cases. */
const holdsCases = (v: unknown): boolean =>
  Array.isArray(v) && isPlainObject(v[0]) && new FieldReader(v[0]).has('input', 'actual_output');

/**
 * One deepeval (or Mastra) case → a conversation. Handles conversational cases whose turns are
 * `{role, content, …}` or the older `{input, actual_output, …}`, and single-turn cases
 * (`input`, `actual_output`/`output`, `expected_output`, `retrieval_context`, `context`).
 */
export function mapDeepevalRecord(record: unknown, roleValues?: RoleValues): MapResult {
  const issues: Issues = [];
  if (!isPlainObject(record)) {
    issues.push({ severity: 'error', path: [], message: `expected an object (one test case), found ${describe(record)}` });
    return { conversation: null, issues };
  }
  const r = new FieldReader(record);
  const turnsField = r.take('turns') ?? (holdsCases(record[r.key('messages') ?? '']) ? r.take('messages') : undefined);
  const conversation: Conversation = { turns: [] };
  conversation.externalId = readId(r, issues);
  Object.assign(conversation, readCaseFields(r, issues));
  Object.assign(conversation, readConversationToolFields(r, issues));

  if (turnsField) {
    conversation.context = readTextList(r.take('context'), [], issues);
    conversation.turns = mapTurns(turnsField, issues, roleValues);
  } else if (r.has('input', ...OUTPUT)) {
    conversation.turns = mapExchange(r, [], issues);
  } else {
    issues.push({
      severity: 'error',
      path: [],
      message: `neither turns nor input found: expected a conversational case (turns) or a single-turn case (input, actual_output); found fields ${Object.keys(record).join(', ') || '(none)'}`,
    });
  }
  conversation.metadata = mergeMetadata(readObject(r.take(...META)), r.rest());
  return result(compact(conversation), issues);
}

function mapTurns(field: { key: string; value: unknown }, issues: Issues, roleValues?: RoleValues): Turn[] {
  let value = field.value;
  if (typeof value === 'string') {
    const text = value;
    try {
      value = JSON.parse(text);
    } catch (e) {
      const at = locateJsonError(text, e);
      issues.push({
        severity: 'error',
        path: [field.key],
        message: `broken JSON at line ${at.line}, column ${at.column} of the cell: ${at.detail}`,
      });
      return [];
    }
  }
  if (!Array.isArray(value)) {
    issues.push({ severity: 'error', path: [field.key], message: `expected a list of turns, found ${describe(value)}` });
    return [];
  }
  const turns: Turn[] = [];
  value.forEach((item, i) => {
    const path: Path = [field.key, i];
    if (!isPlainObject(item)) {
      issues.push({ severity: 'error', path, message: `expected a turn object, found ${describe(item)}` });
      return;
    }
    const t = new FieldReader(item);
    if (t.has('role', 'content')) {
      const turn = mapRoleTurn(t, path, issues, roleValues);
      if (turn) turns.push(turn);
    } else if (t.has('input', ...OUTPUT)) {
      turns.push(...mapExchange(t, path, issues));
    } else {
      issues.push({
        severity: 'error',
        path: [...path, 'role'],
        message: 'missing role: a turn needs role and content (or input and actual_output)',
      });
    }
  });
  return turns;
}

function mapRoleTurn(t: FieldReader, path: Path, issues: Issues, roleValues?: RoleValues): Turn | null {
  const roleField = t.take('role');
  let role: Turn['role'] | null = null;
  if (!roleField) issues.push({ severity: 'error', path: [...path, 'role'], message: 'missing role' });
  else {
    role = normaliseRole(roleField.value, roleValues);
    if (!role) issues.push(unknownRoleIssue([...path, roleField.key], roleField.value));
  }
  const contentField = t.take('content');
  if (!contentField || contentField.value === undefined || contentField.value === null) {
    issues.push({ severity: 'error', path: [...path, 'content'], message: 'missing content' });
  }
  const text = readText(contentField, path, issues);
  if (contentField && text !== undefined) warnIfEmpty(text, [...path, contentField.key], issues);
  const content = text ?? '';
  const turn = compact<Turn>({
    role: role ?? 'user',
    content,
    retrievalContext: readTextList(t.take('retrieval_context'), path, issues),
    context: readTextList(t.take('context'), path, issues),
    toolsCalled: readToolList(t.take('tools_called'), path, issues),
    expectedTools: readToolList(t.take('expected_tools'), path, issues),
    expectedOutput: readText(t.take(...EXPECTED), path, issues),
    labels: readLabels(t.take('labels'), path, issues),
    metadata: undefined,
  });
  turn.metadata = mergeMetadata(readObject(t.take(...META)), t.rest());
  return role ? compact(turn) : null;
}

/** `{input, actual_output, …}` → a user turn and an assistant turn carrying the rest. */
function mapExchange(t: FieldReader, path: Path, issues: Issues): Turn[] {
  const turns: Turn[] = [];
  const inputField = t.take('input');
  const input = readText(inputField, path, issues);
  if (input === undefined || input.trim() === '') {
    issues.push({
      severity: 'warning',
      path: [...path, inputField?.key ?? 'input'],
      message: `${input === undefined ? 'no input' : 'empty input'}: the exchange starts with the assistant turn`,
    });
  } else turns.push({ role: 'user', content: input });

  const outputField = t.take(...OUTPUT);
  const output = readText(outputField, path, issues);
  const assistant = compact<Turn>({
    role: 'assistant',
    content: output ?? '',
    retrievalContext: readTextList(t.take('retrieval_context'), path, issues),
    context: readTextList(t.take('context'), path, issues),
    toolsCalled: readToolList(t.take('tools_called'), path, issues),
    expectedTools: readToolList(t.take('expected_tools'), path, issues),
    expectedOutput: readText(t.take(...EXPECTED), path, issues),
    labels: readLabels(t.take('labels'), path, issues),
    metadata: undefined,
  });
  // At the record level the leftovers describe the conversation, not the reply.
  if (path.length > 0) assistant.metadata = mergeMetadata(readObject(t.take(...META)), t.rest());
  compact(assistant);
  const carries = Object.keys(assistant).length > 2;
  if (output === undefined) {
    if (!carries) {
      issues.push({ severity: 'warning', path: [...path, 'actual_output'], message: 'no actual_output: no assistant turn for this input' });
      return turns;
    }
    issues.push({ severity: 'warning', path: [...path, 'actual_output'], message: 'no actual_output: the assistant turn is empty' });
  } else warnIfEmpty(output, [...path, outputField?.key ?? 'actual_output'], issues);
  turns.push(assistant);
  return turns;
}
