import { FIELD_LIMITS, jsonLengthOver, tooLongMessage, type Conversation, type ConversationLimits, type Turn } from '../domain';
import type { Collector } from './collector';
import { restoreCell } from './csv-cells';
import { csvFormatOf, csvMappingSchema, guessCsvMapping } from './csv-mapping';
import { CsvRowReader, type CsvRow } from './csv-rows';
import { type Issues, compact, mergeMetadata, readObject, readTextList, readToolList, readTopicList, splitListText } from './fields';
import { labelColumnMetric, labelValue } from './labels';
import { mapDeepevalRecord } from './map-deepeval';
import { normaliseRole, unknownRoleIssue, type RoleValues } from './roles';
import { stripBom } from './text-checks';
import type { CsvField, CsvMapping, FormatId } from './types';

// deepeval-csv: the record key each field becomes before mapDeepevalRecord reads it.
const DEEPEVAL_KEYS: Partial<Record<CsvField, string>> = {
  conversationId: 'id',
  turns: 'turns',
  input: 'input',
  actualOutput: 'actual_output',
  expectedOutput: 'expected_output',
  retrievalContext: 'retrieval_context',
  context: 'context',
  conversationContext: 'context',
  toolsCalled: 'tools_called',
  expectedTools: 'expected_tools',
  relevantTopics: 'relevant_topics',
  availableTools: 'available_tools',
  name: 'name',
  scenario: 'scenario',
  expectedOutcome: 'expected_outcome',
  chatbotRole: 'chatbot_role',
  userDescription: 'user_description',
  conversationMetadata: 'additional_metadata',
};

const CONVERSATION_TEXT: Partial<Record<CsvField, 'name' | 'scenario' | 'expectedOutcome' | 'chatbotRole' | 'userDescription'>> = {
  name: 'name',
  scenario: 'scenario',
  expectedOutcome: 'expectedOutcome',
  chatbotRole: 'chatbotRole',
  userDescription: 'userDescription',
};

interface Column {
  header: string;
  field: CsvField;
}

interface PendingTurn {
  index: number | null;
  line: number;
  turn: Turn | null;
}

interface PendingConversation {
  id: string;
  line: number;
  record: number;
  /** Line of its first row with an error; null while it has none. */
  failedAt: number | null;
  /** Every row's line, to note the rows left out with it. */
  lines: number[];
  turns: PendingTurn[];
  fields: Partial<Conversation>;
  /** Line each conversation-level value came from, to point at conflicts. */
  fieldLines: Map<string, number>;
}

export interface CsvEngineOptions {
  format?: FormatId;
  mapping?: CsvMapping;
  /** The file's role values mapped to user/assistant. */
  roleValues?: RoleValues;
  /** 'contiguous' (streaming): a conversation ends when the id changes. 'all': rows may come in any order. */
  grouping: 'contiguous' | 'all';
  bounds: { limits: ConversationLimits; recordChars: number };
}

// Cells read as one text: their limit while they arrive is the field's (never below what a metadata column may hold).
const TEXT_CELLS: Partial<Record<CsvField, number | 'turn'>> = {
  content: 'turn',
  expectedOutput: 'turn',
  input: 'turn',
  actualOutput: 'turn',
  scenario: FIELD_LIMITS.scenarioChars,
  expectedOutcome: FIELD_LIMITS.expectedOutcomeChars,
  chatbotRole: FIELD_LIMITS.chatbotRoleChars,
  userDescription: FIELD_LIMITS.userDescriptionChars,
  name: FIELD_LIMITS.nameChars,
  conversationId: FIELD_LIMITS.nameChars,
  metadata: FIELD_LIMITS.metadataChars,
};

/** Parses deepeval CSV (one row per case) and long CSV (one row per turn) into the collector. */
export class CsvEngine {
  format: FormatId | null = null;
  private readonly reader: CsvRowReader;
  private headers: string[] | null = null;
  private columns: Column[] = [];
  private stopped = false;
  private rowCount = 0;
  private current: PendingConversation | null = null;
  private readonly groups = new Map<string, PendingConversation>();
  private readonly finished = new Set<string>();
  private hasIdColumn = false;

  constructor(
    private readonly options: CsvEngineOptions,
    private readonly out: Collector,
  ) {
    this.reader = new CsvRowReader(
      (row) => this.row(row),
      (e) => this.out.problem({ severity: 'error', line: e.line, field: e.column === undefined ? '' : this.columnName(e.column), message: e.message }),
      { rowChars: options.bounds.recordChars, cellLimit: (column) => this.cellLimit(column), columnName: (column) => this.columnName(column) },
    );
  }

  private columnName(column: number): string {
    return this.columns[column]?.header ?? `column ${column + 1}`;
  }

  /** How long a cell of this column may grow while it arrives; lists and JSON cells (turns, tools) only as long as the row. */
  private cellLimit(column: number): { trip: number; max: number; setting?: string } {
    const { limits, recordChars } = this.options.bounds;
    const field = this.columns[column]?.field;
    const own = field === undefined ? undefined : TEXT_CELLS[field];
    if (own === undefined) return { trip: recordChars, max: recordChars };
    if (own === 'turn') return { trip: Math.max(limits.maxTurnChars, FIELD_LIMITS.metadataChars), max: limits.maxTurnChars, setting: 'TURNWISE_MAX_TURN_CHARS' };
    return { trip: Math.max(own, FIELD_LIMITS.metadataChars), max: own };
  }

  push(chunk: string): void {
    if (!this.stopped) this.reader.push(chunk);
  }

  end(): void {
    if (!this.stopped) this.reader.end();
    if (this.headers === null && !this.stopped) {
      this.fail(1, 'no header row: expected a CSV header naming the columns');
      return;
    }
    if (this.current) this.flush(this.current);
    for (const group of this.groups.values()) this.flush(group);
    this.groups.clear();
  }

  get buffered(): number {
    return this.reader.buffered;
  }

  private fail(line: number, message: string): void {
    this.out.problem({ severity: 'error', line, field: '', message });
    this.stopped = true;
  }

  private row(row: CsvRow): void {
    if (this.stopped) return;
    if (this.headers === null) {
      if (row.oversize) return this.fail(row.line, 'the header row is too long to read');
      return this.header(row);
    }
    this.rowCount++;
    // Its error is already reported; its conversation (named by the cells before the long one) goes with it.
    if (row.oversize) {
      if (this.format === 'long-csv') this.markFailed(row);
      return;
    }
    if (row.fields.length !== this.headers.length) {
      this.out.problem({
        severity: 'error',
        line: row.line,
        field: '',
        message: `row ${this.rowCount} (line ${row.line}) has ${row.fields.length} fields, header has ${this.headers.length}`,
        record: this.rowCount,
      });
      if (this.format === 'long-csv') this.markFailed(row);
      return;
    }
    // Its error is already reported; with "skip invalid rows" its conversation must not be stored from cells it may have cut wrong.
    if (row.malformed) {
      if (this.format === 'long-csv') this.markFailed(row);
      return;
    }
    if (this.format === 'long-csv') this.longRow(row);
    else this.deepevalRow(row);
  }

  private header(row: CsvRow): void {
    const seen = new Map<string, number>();
    const headers = row.fields.map((h, i) => {
      const name = (i === 0 ? stripBom(h) : h).trim() || `column_${i + 1}`;
      const n = (seen.get(name) ?? 0) + 1;
      seen.set(name, n);
      if (n === 1) return name;
      this.out.problem({ severity: 'warning', line: row.line, field: name, message: `duplicate column name "${name}": renamed to "${name}_${n}"` });
      return `${name}_${n}`;
    });
    this.headers = headers;
    let mapping = guessCsvMapping(headers);
    if (this.options.mapping) {
      const given = csvMappingSchema.safeParse(this.options.mapping);
      if (!given.success) return this.fail(row.line, `invalid CSV mapping: ${given.error.issues[0]?.message ?? 'unknown field'}`);
      mapping = { ...mapping, ...given.data };
    }
    this.columns = headers.map((header) => ({ header, field: mapping[header] ?? 'metadata' }));
    const extra = this.columns.filter((c) => c.field === 'metadata' && !labelColumnMetric(c.header));
    if (extra.length > FIELD_LIMITS.csvExtraColumns) {
      const first = extra[FIELD_LIMITS.csvExtraColumns].header;
      this.out.problem({
        severity: 'error',
        line: row.line,
        field: first,
        message: `${extra.length.toLocaleString('en-US')} columns map to no field and would be kept as metadata: at most ${FIELD_LIMITS.csvExtraColumns} are accepted; map the others to a field or to ignore (from "${first}" on)`,
      });
      this.stopped = true;
      return;
    }
    const byField = new Map<CsvField, string>();
    for (const c of this.columns) {
      if (c.field === 'metadata' || c.field === 'ignore') continue;
      const other = byField.get(c.field);
      if (other !== undefined) return this.fail(row.line, `columns "${other}" and "${c.header}" both map to ${c.field}: map one of them to another field`);
      byField.set(c.field, c.header);
    }
    const guessed = csvFormatOf(Object.fromEntries(this.columns.map((c) => [c.header, c.field])));
    this.format = this.options.format === 'long-csv' || this.options.format === 'deepeval-csv' ? this.options.format : guessed;
    if (this.format === null) {
      return this.fail(
        row.line,
        `CSV header has none of the columns we know: expected role and content (one row per turn) or turns, or input and actual_output (one row per test case); found ${headers.join(', ')}`,
      );
    }
    if (this.format === 'long-csv') {
      const missing = (['role', 'content'] as const).filter((f) => !byField.has(f));
      if (missing.length > 0) return this.fail(row.line, `a CSV with one row per turn needs ${missing.join(' and ')} columns; found ${headers.join(', ')}`);
      this.hasIdColumn = byField.has('conversationId');
      if (!this.hasIdColumn) {
        this.out.problem({ severity: 'warning', line: row.line, field: '', message: 'no conversation_id column: all rows form one conversation' });
      }
    }
  }

  private deepevalRow(row: CsvRow): void {
    const record: Record<string, unknown> = {};
    const headerOf = new Map<string, string>();
    this.columns.forEach((c, i) => {
      const value = restoreCell(row.fields[i]);
      if (c.field === 'ignore' || value === '') return;
      const metric = c.field === 'metadata' ? labelColumnMetric(c.header) : null;
      if (metric) {
        // "Label: <metric>" columns: people's verdicts on the case's reply.
        record.labels = { ...(record.labels as object), [metric]: value };
        return;
      }
      let key = DEEPEVAL_KEYS[c.field] ?? c.header;
      if (key in record) key = c.header;
      record[key] = value;
      headerOf.set(key, c.header);
    });
    this.out.accept(mapDeepevalRecord(record, this.options.roleValues), {
      line: row.line,
      record: this.rowCount,
      rename: (key) => headerOf.get(key) ?? key,
    });
  }

  private markFailed(row: CsvRow): void {
    const idColumn = this.columns.findIndex((c) => c.field === 'conversationId');
    const id = idColumn === -1 ? '' : restoreCell(row.fields[idColumn] ?? '');
    const group = this.groupFor(id, row);
    if (group) this.markLine(group, row.line, true);
  }

  private markLine(group: PendingConversation, line: number, failed: boolean): void {
    group.lines.push(line);
    if (failed && group.failedAt === null) group.failedAt = line;
  }

  private groupFor(id: string, row: CsvRow): PendingConversation | null {
    const fresh = (): PendingConversation => ({
      id,
      line: row.line,
      record: this.rowCount,
      failedAt: null,
      lines: [],
      turns: [],
      fields: {},
      fieldLines: new Map(),
    });
    if (this.options.grouping === 'all') {
      let group = this.groups.get(id);
      if (!group) this.groups.set(id, (group = fresh()));
      return group;
    }
    if (this.current?.id === id) return this.current;
    if (this.finished.has(id)) {
      this.out.problem({
        severity: 'error',
        line: row.line,
        field: this.columns.find((c) => c.field === 'conversationId')?.header ?? '',
        message: `rows of conversation ${JSON.stringify(id)} are not together: it already ended before line ${row.line}; sort the file by conversation_id to import it as a stream`,
        record: this.rowCount,
      });
      return null;
    }
    if (this.current) this.flush(this.current);
    this.current = fresh();
    return this.current;
  }

  private longRow(row: CsvRow): void {
    const issues: Issues = [];
    const cells = new Map<CsvField, { key: string; value: string }>();
    const extra: Record<string, unknown> = {};
    const labels: Record<string, 'yes' | 'no'> = {};
    this.columns.forEach((c, i) => {
      const value = restoreCell(row.fields[i]);
      if (c.field === 'ignore') return;
      const metric = c.field === 'metadata' ? labelColumnMetric(c.header) : null;
      if (metric) {
        if (value.trim() === '') return;
        const verdict = labelValue(value);
        if (verdict) labels[metric] = verdict;
        else issues.push({ severity: 'error', path: [c.header], message: `a label is "yes" or "no" (or pass/fail), found ${JSON.stringify(value)}` });
        return;
      }
      if (c.field === 'metadata' || c.field === 'input' || c.field === 'actualOutput' || c.field === 'turns') {
        if (value !== '') extra[c.header] = value;
        return;
      }
      cells.set(c.field, { key: c.header, value });
    });
    const text = (f: CsvField): string => cells.get(f)?.value ?? '';
    const id = text('conversationId');
    if (this.hasIdColumn && id.trim() === '') {
      issues.push({ severity: 'error', path: [cells.get('conversationId')!.key], message: 'missing conversation_id' });
    }
    const group = this.groupFor(id, row);
    if (!group) return;

    const indexText = text('turnIndex').trim();
    let index: number | null = null;
    if (indexText !== '') {
      index = Number(indexText);
      if (!Number.isInteger(index)) {
        issues.push({ severity: 'error', path: [cells.get('turnIndex')!.key], message: `turn index must be a whole number, found ${JSON.stringify(indexText)}` });
        index = null;
      }
    }

    // Conversation-level columns: the first non-empty value wins; a different one later is reported.
    for (const [field, key] of Object.entries(CONVERSATION_TEXT) as [CsvField, keyof typeof CONVERSATION_TEXT][]) {
      const cell = cells.get(field);
      if (cell && cell.value !== '') this.setConversationField(group, key as string, cell.value, cell.key, row.line, issues);
    }
    const convContext = cells.get('conversationContext');
    if (convContext && convContext.value !== '') this.setConversationField(group, 'context', splitListText(convContext.value), convContext.key, row.line, issues);
    const topics = cells.get('relevantTopics');
    if (topics && topics.value !== '') this.setConversationField(group, 'relevantTopics', readTopicList(topics, [], issues), topics.key, row.line, issues);
    const tools = cells.get('availableTools');
    if (tools && tools.value !== '') this.setConversationField(group, 'availableTools', readToolList(tools, [], issues), tools.key, row.line, issues);
    const convMeta = cells.get('conversationMetadata');
    if (convMeta && convMeta.value !== '') this.setConversationField(group, 'metadata', readObject(convMeta), convMeta.key, row.line, issues);

    const roleText = text('role');
    const content = text('content');
    let turn: Turn | null = null;
    if (!(roleText.trim() === '' && content === '' && index === null)) {
      const roleKey = cells.get('role')!.key;
      const role = normaliseRole(roleText, this.options.roleValues);
      if (roleText.trim() === '') issues.push({ severity: 'error', path: [roleKey], message: 'missing role' });
      else if (!role) issues.push(unknownRoleIssue([roleKey], roleText));
      if (content.trim() === '') issues.push({ severity: 'warning', path: [cells.get('content')!.key], message: 'empty content (kept as it is)' });
      turn = compact<Turn>({
        role: role ?? 'user',
        content,
        retrievalContext: readTextList(cells.get('retrievalContext'), [], issues),
        context: readTextList(cells.get('context'), [], issues),
        toolsCalled: readToolList(cells.get('toolsCalled'), [], issues),
        expectedTools: readToolList(cells.get('expectedTools'), [], issues),
        expectedOutput: text('expectedOutput') === '' ? undefined : text('expectedOutput'),
        metadata: mergeMetadata(readObject(cells.get('turnMetadata')), extra),
        labels: Object.keys(labels).length ? labels : undefined,
      });
      // Checked on its own row: the conversation's check would name the conversation's first line.
      const metaChars = turn.metadata ? jsonLengthOver(turn.metadata, FIELD_LIMITS.metadataChars) : null;
      if (metaChars !== null) {
        const column = cells.get('turnMetadata')?.key ?? Object.keys(extra).sort((a, b) => String(extra[b]).length - String(extra[a]).length)[0] ?? '';
        issues.push({ severity: 'error', path: [column], message: `${tooLongMessage("the row's metadata written as JSON", metaChars, FIELD_LIMITS.metadataChars)} (columns mapped to no field are kept as metadata)` });
      }
    } else if (Object.keys(extra).length > 0) {
      this.setConversationField(group, 'metadata', { ...(group.fields.metadata ?? {}), ...extra }, '', row.line, []);
    }
    this.out.issues(issues, { line: row.line, record: this.rowCount });
    const failed = issues.some((i) => i.severity === 'error');
    this.markLine(group, row.line, failed);
    if (!failed && turn) group.turns.push({ index, line: row.line, turn });
  }

  private setConversationField(
    group: PendingConversation,
    key: string,
    value: unknown,
    header: string,
    line: number,
    issues: Issues,
  ): void {
    const fields = group.fields as Record<string, unknown>;
    if (value === undefined) return;
    if (fields[key] === undefined || header === '') {
      fields[key] = value;
      group.fieldLines.set(key, line);
    } else if (JSON.stringify(fields[key]) !== JSON.stringify(value)) {
      issues.push({
        severity: 'warning',
        path: [header],
        message: `another value for this conversation's ${header} than on line ${group.fieldLines.get(key)}: the first is kept`,
      });
    }
  }

  private flush(group: PendingConversation): void {
    if (this.options.grouping === 'contiguous') {
      this.finished.add(group.id);
      if (this.current === group) this.current = null;
    }
    if (group.failedAt !== null) return this.leaveOut(group, group.failedAt);
    const rows = group.turns;
    const indexed = rows.filter((r) => r.index !== null).length;
    const notes: Issues = [];
    if (indexed === rows.length && rows.length > 0) {
      rows.sort((a, b) => a.index! - b.index!);
      for (let i = 1; i < rows.length; i++) {
        if (rows[i].index === rows[i - 1].index) {
          notes.push({ severity: 'warning', path: [], message: `turn index ${rows[i].index} appears twice (lines ${rows[i - 1].line} and ${rows[i].line}): file order kept` });
        }
      }
    } else if (indexed > 0) {
      notes.push({ severity: 'warning', path: [], message: 'turn index missing on some rows: turns kept in file order' });
    }
    this.out.issues(notes, { line: group.line, record: group.record });
    const conversation: Conversation = compact({
      externalId: group.id === '' ? undefined : group.id,
      ...group.fields,
      turns: rows.map((r) => r.turn!),
    });
    if (!this.out.add(conversation, { line: group.line, record: group.record })) this.leaveOut(group, group.line);
  }

  /** A conversation is stored whole or not at all: its rows without an error of their own are noted as left out with it. */
  private leaveOut(group: PendingConversation, errorLine: number): void {
    const who = group.id === '' ? 'the conversation' : `conversation ${JSON.stringify(group.id)}`;
    for (const line of group.lines) {
      if (line !== errorLine) this.out.leftOut({ line, field: '', message: `left out with ${who}, which has an error on line ${errorLine}` });
    }
  }
}
