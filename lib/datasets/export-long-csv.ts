import Papa from 'papaparse';
import type { Conversation } from '../domain';
import { encodeJsonCell, encodeListCell, neutraliseCell } from './csv-cells';

/** Columns of the long CSV we write; guessCsvMapping maps each back to its field. */
export const LONG_CSV_COLUMNS = [
  'conversation_id',
  'turn_index',
  'role',
  'content',
  'retrieval_context',
  'expected_output',
  'turn_context',
  'tools_called',
  'expected_tools',
  'turn_metadata',
  'name',
  'scenario',
  'expected_outcome',
  'chatbot_role',
  'user_description',
  'conversation_context',
  'conversation_metadata',
  'relevant_topics',
  'available_tools',
] as const;

const row = (cells: string[]): string =>
  `${Papa.unparse([cells.map(neutraliseCell)], { header: false, newline: '\r\n', escapeFormulae: false })}\r\n`;

const orEmpty = (s: string | undefined): string => s ?? '';

const hasKeys = (o: Record<string, unknown> | undefined): o is Record<string, unknown> => o !== undefined && Object.keys(o).length > 0;

/**
 * One row per turn, conversation-level fields on the conversation's first row, lists `|`-joined (or a
 * JSON array when `|` would be ambiguous), tool calls, tools and metadata as JSON. A conversation with no
 * turns gets one row with no role. Cells that a spreadsheet would run as formulas (= + - @) are
 * prefixed with a single quote, which parsing removes again. Rows are grouped by id on import, so a
 * conversation without an externalId gets `conversation-N` and a repeated id gets `#N` appended
 * (N = the conversation's 1-based position).
 */
export function* exportLongCsv(conversations: Iterable<Conversation>): Generator<string, void, undefined> {
  yield row([...LONG_CSV_COLUMNS]);
  let n = 0;
  const used = new Set<string>();
  for (const c of conversations) {
    n++;
    let id = c.externalId ?? `conversation-${n}`;
    if (used.has(id)) id = `${id}#${n}`;
    used.add(id);
    const conversationCells = [
      orEmpty(c.name),
      orEmpty(c.scenario),
      orEmpty(c.expectedOutcome),
      orEmpty(c.chatbotRole),
      orEmpty(c.userDescription),
      encodeListCell(c.context),
      hasKeys(c.metadata) ? encodeJsonCell(c.metadata) : '',
      encodeListCell(c.relevantTopics),
      encodeJsonCell(c.availableTools),
    ];
    if (c.turns.length === 0) {
      yield row([id, '', '', '', '', '', '', '', '', '', ...conversationCells]);
      continue;
    }
    let chunk = '';
    c.turns.forEach((t, i) => {
      chunk += row([
        id,
        String(i),
        t.role,
        t.content,
        encodeListCell(t.retrievalContext),
        orEmpty(t.expectedOutput),
        encodeListCell(t.context),
        encodeJsonCell(t.toolsCalled),
        encodeJsonCell(t.expectedTools),
        hasKeys(t.metadata) ? encodeJsonCell(t.metadata) : '',
        ...(i === 0 ? conversationCells : conversationCells.map(() => '')),
      ]);
    });
    yield chunk;
  }
}
