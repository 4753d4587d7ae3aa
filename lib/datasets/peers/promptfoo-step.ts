import type { Conversation, Turn } from '../../domain';
import { chatMessagesOfText, chatTurns } from './chat-messages';
import { textOrJson } from './io-text';
import { type Issues, compact, describe, isPlainObject } from '../fields';
import type { ImportedScore } from '../imported-scores';
import type { RoleValues } from '../roles';
import { fitMetadata } from './fit-metadata';
import { promptfooScores } from './promptfoo-scores';

/*
 * One result of promptfoo's output (an EvaluateResult of `promptfoo eval -o results.json|.jsonl`,
 * promptfoo's src/types/index.ts): one test × prompt × provider. Its turns are what the model was
 * sent and what it answered: a chat-formatted prompt's messages (system → the chatbot's role),
 * or the rendered prompt as the user's message; the reply with its tool calls, latency, tokens
 * and cost. A simulated-user result (provider promptfoo:simulated-user) carries the whole
 * conversation in response.metadata.messages.
 */

export interface PromptfooStep {
  /** The scripted conversation it is a step of (test metadata.conversationId), with its prompt × provider column. */
  group?: { conversationId: string; column: number };
  testIdx: number;
  /** The turns before this step's question (from a chat-formatted prompt or vars._conversation); used from a conversation's first step only. */
  history: Turn[];
  chatbotRole?: string;
  /** The user's message and the reply; absent for a simulated-user result, whose turns are `whole`. */
  exchange?: [Turn, Turn];
  whole?: Turn[];
  scores: ImportedScore[];
  /** The conversation's fields as this result gives them. */
  fields: Pick<Conversation, 'externalId' | 'name' | 'userDescription' | 'metadata'>;
  provider: string;
}

const NOTE_TIMESTAMPS = 'promptfoo records no time for a turn: the turns have no timestamps.';
const NOTE_OUTPUT_JSON = 'A reply that was not text (structured output) is kept as its JSON text.';
const NOTE_TEXT_PROMPT =
  'A test whose prompt is text (not a chat-formatted list of messages) has the whole rendered prompt as the user’s message, instructions included.';
const NOTE_ERRORED = 'A test that errored has an empty reply, and its error in the turn’s metadata.';

const found = (v: unknown): string => (v === undefined ? 'nothing' : describe(v));

function integer(record: Record<string, unknown>, key: string, issues: Issues): number | null {
  const v = record[key];
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v;
  issues.push({ severity: 'error', path: [key], message: `expected promptfoo's ${key} (a whole number from 0), found ${found(v)}` });
  return null;
}

/** OpenAI-style tool calls as a reply (a provider's structured output), else null. */
function toolCallsOf(output: unknown): Record<string, unknown>[] | null {
  const list = Array.isArray(output) ? output : isPlainObject(output) && Array.isArray(output.tool_calls) ? output.tool_calls : null;
  if (!list || list.length === 0) return null;
  const calls: Record<string, unknown>[] = [];
  for (const item of list) {
    const fn = isPlainObject(item) && isPlainObject(item.function) ? item.function : item;
    if (!isPlainObject(fn) || typeof fn.name !== 'string') return null;
    let args: unknown = fn.arguments ?? fn.input;
    if (typeof args === 'string') {
      try {
        args = JSON.parse(args);
      } catch {
        // kept as the text it is
      }
    }
    calls.push(compact({ name: fn.name, input_parameters: args, id: isPlainObject(item) && typeof item.id === 'string' ? item.id : undefined }));
  }
  return calls;
}

/** Retrieval context of the reply: the test's `context` var (what promptfoo's context-* assertions read), or what they report they used. */
function retrievalContextOf(vars: Record<string, unknown>, grading: unknown): string[] | undefined {
  const fromVar = vars.context;
  if (typeof fromVar === 'string' && fromVar.trim() !== '') return [fromVar];
  if (Array.isArray(fromVar) && fromVar.length > 0 && fromVar.every((c) => typeof c === 'string')) return fromVar as string[];
  const components = isPlainObject(grading) && Array.isArray(grading.componentResults) ? grading.componentResults : [];
  for (const c of components) {
    const context = isPlainObject(c) && isPlainObject(c.metadata) ? c.metadata.context : undefined;
    if (typeof context === 'string' && context.trim() !== '') return [context];
    if (Array.isArray(context) && context.length > 0 && context.every((x) => typeof x === 'string')) return context as string[];
  }
  return undefined;
}

function replyOf(record: Record<string, unknown>, response: Record<string, unknown> | undefined, vars: Record<string, unknown>, notes: Set<string>): Turn {
  const output = response?.output;
  const metadata = fitMetadata(
    compact({
      promptfooResultId: typeof record.id === 'string' ? record.id : undefined,
      latencyMs: typeof record.latencyMs === 'number' ? record.latencyMs : undefined,
      cost: typeof record.cost === 'number' ? record.cost : undefined,
      tokenUsage: isPlainObject(response?.tokenUsage) ? response.tokenUsage : isPlainObject(record.tokenUsage) ? record.tokenUsage : undefined,
      finishReason: typeof response?.finishReason === 'string' ? response.finishReason : undefined,
      cached: typeof response?.cached === 'boolean' ? response.cached : undefined,
      error: typeof record.error === 'string' && record.error !== '' ? record.error : typeof response?.error === 'string' ? response.error : undefined,
    }),
    notes,
  );
  const reply: Turn = { role: 'assistant', content: '' };
  const calls = toolCallsOf(output);
  if (calls) reply.toolsCalled = calls;
  else if (typeof output === 'string') reply.content = output;
  else if (output !== undefined && output !== null) {
    reply.content = textOrJson(output);
    if (typeof output === 'object') notes.add(NOTE_OUTPUT_JSON);
  }
  if (output === undefined || output === null) notes.add(NOTE_ERRORED);
  const retrievalContext = retrievalContextOf(vars, record.gradingResult);
  if (retrievalContext) reply.retrievalContext = retrievalContext;
  if (metadata) reply.metadata = metadata;
  return reply;
}

/** The turns vars._conversation holds ([{input, output}], promptfoo's history of a scripted conversation). */
function historyFromVar(value: unknown): Turn[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const turns: Turn[] = [];
  for (const step of value) {
    if (!isPlainObject(step) || !('input' in step) || !('output' in step)) return null;
    turns.push({ role: 'user', content: textOrJson(step.input) }, { role: 'assistant', content: textOrJson(step.output) });
  }
  return turns;
}

/** The question of the step, the turns before it and the system messages, from the rendered prompt. */
function promptTurns(
  raw: string,
  vars: Record<string, unknown>,
  issues: Issues,
  roleValues: RoleValues | undefined,
  notes: Set<string>,
): { history: Turn[]; question: Turn; chatbotRole?: string } | null {
  const messages = chatMessagesOfText(raw);
  const fromVar = historyFromVar(vars._conversation);
  if (!messages) {
    notes.add(NOTE_TEXT_PROMPT);
    return { history: fromVar ?? [], question: { role: 'user', content: raw } };
  }
  const chat = chatTurns(messages, ['prompt', 'raw'], issues, roleValues, true);
  if (!chat) return null;
  const turns = chat.turns;
  const last = turns[turns.length - 1];
  // promptfoo's own reading of a chat prompt: its last message is the input of the step.
  const question: Turn = last && last.role === 'user' ? last : { role: 'user', content: '' };
  const before = last && last.role === 'user' ? turns.slice(0, -1) : turns;
  return { history: fromVar ?? before, question, ...(chat.chatbotRole !== undefined ? { chatbotRole: chat.chatbotRole } : {}) };
}

/** The conversation's metadata: which provider and prompt, the test's vars and metadata, promptfoo's ids. */
function conversationMetadata(record: Record<string, unknown>, testCase: Record<string, unknown> | undefined, vars: Record<string, unknown>, notes: Set<string>) {
  const prompt = isPlainObject(record.prompt) ? record.prompt : {};
  const { _conversation: _history, ...keptVars } = vars;
  return fitMetadata(
    compact({
      source: 'promptfoo',
      provider: isPlainObject(record.provider) ? compact({ id: record.provider.id, label: record.provider.label }) : undefined,
      promptLabel: typeof prompt.label === 'string' ? prompt.label : undefined,
      promptId: typeof record.promptId === 'string' ? record.promptId : undefined,
      promptIdx: record.promptIdx,
      testIdx: record.testIdx,
      vars: Object.keys(keptVars).length ? keptVars : undefined,
      testMetadata: isPlainObject(testCase?.metadata) && Object.keys(testCase.metadata).length ? testCase.metadata : undefined,
      success: typeof record.success === 'boolean' ? record.success : undefined,
      score: typeof record.score === 'number' ? record.score : undefined,
    }),
    notes,
  );
}

/** The scripted conversation a result is a step of, read from the record as it is (so a step that does not read still names its conversation). */
export function promptfooGroupOf(record: unknown): PromptfooStep['group'] {
  if (!isPlainObject(record)) return undefined;
  const testCase = isPlainObject(record.testCase) ? record.testCase : undefined;
  const id = testCase && isPlainObject(testCase.metadata) ? testCase.metadata.conversationId : isPlainObject(record.metadata) ? record.metadata.conversationId : undefined;
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  return { conversationId: String(id), column: typeof record.promptIdx === 'number' ? record.promptIdx : 0 };
}

/** One promptfoo result as a step of a conversation; null when it does not read (issues say where). */
export function promptfooStep(record: unknown, issues: Issues, notes: Set<string>, roleValues?: RoleValues): PromptfooStep | null {
  if (!isPlainObject(record)) {
    issues.push({ severity: 'error', path: [], message: `expected a promptfoo result (an object with prompt, response, gradingResult), found ${describe(record)}` });
    return null;
  }
  const before = issues.length;
  const testIdx = integer(record, 'testIdx', issues);
  const promptIdx = integer(record, 'promptIdx', issues);
  const prompt = record.prompt;
  if (!isPlainObject(prompt) || typeof prompt.raw !== 'string') {
    issues.push({ severity: 'error', path: isPlainObject(prompt) ? ['prompt', 'raw'] : ['prompt'], message: `expected the prompt promptfoo rendered (prompt.raw, text), found ${found(isPlainObject(prompt) ? prompt.raw : prompt)}` });
  }
  const response = record.response;
  if (response !== undefined && response !== null && !isPlainObject(response)) {
    issues.push({ severity: 'error', path: ['response'], message: `expected the provider's response (an object with output), found ${describe(response)}` });
  }
  const testCase = isPlainObject(record.testCase) ? record.testCase : undefined;
  const vars = isPlainObject(record.vars) ? record.vars : isPlainObject(testCase?.vars) ? testCase.vars : {};
  const scores = promptfooScores(record, issues);
  if (issues.length > before || testIdx === null || promptIdx === null || !isPlainObject(prompt) || typeof prompt.raw !== 'string' || !scores) return null;
  notes.add(NOTE_TIMESTAMPS);

  const res = isPlainObject(response) ? response : undefined;
  const provider = isPlainObject(record.provider) ? String(record.provider.label ?? record.provider.id ?? 'provider') : 'provider';
  const name = typeof testCase?.description === 'string' ? testCase.description : typeof record.description === 'string' ? record.description : undefined;
  const userDescription = typeof vars.instructions === 'string' && vars.instructions.trim() !== '' ? vars.instructions : undefined;
  const fields = compact({
    externalId: typeof record.id === 'string' ? record.id : `${testIdx}-${promptIdx}`,
    name,
    userDescription,
    metadata: conversationMetadata(record, testCase, vars, notes),
  });
  const step: PromptfooStep = { testIdx, history: [], scores, fields, provider };
  const group = promptfooGroupOf(record);
  if (group) step.group = group;

  // The simulated user: the whole conversation it had with the target, which the prompt only instructed.
  const simulated = isPlainObject(res?.metadata) && Array.isArray(res.metadata.messages) ? res.metadata.messages : null;
  if (simulated) {
    const chat = chatTurns(simulated, ['response', 'metadata', 'messages'], issues, roleValues);
    if (!chat) return null;
    step.whole = chat.turns;
    const last = [...chat.turns].reverse().find((t) => t.role === 'assistant');
    const reply = replyOf(record, res, vars, notes);
    if (last && reply.metadata) last.metadata = { ...last.metadata, ...reply.metadata };
    step.chatbotRole = prompt.raw.trim() !== '' ? prompt.raw : chat.chatbotRole;
    return step;
  }
  const turns = promptTurns(prompt.raw, vars, issues, roleValues, notes);
  if (!turns) return null;
  step.history = turns.history;
  if (turns.chatbotRole !== undefined) step.chatbotRole = turns.chatbotRole;
  step.exchange = [turns.question, replyOf(record, res, vars, notes)];
  return step;
}
