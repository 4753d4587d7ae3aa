import type { Conversation } from '../domain';
import type { RoleValues } from './roles';

export const FORMAT_IDS = [
  'deepeval-json',
  'deepeval-jsonl',
  'deepeval-csv',
  'openai-jsonl',
  'openai-json',
  'sharegpt-json',
  'sharegpt-jsonl',
  'long-csv',
  'mastra-json',
  'mastra-jsonl',
  'langfuse-json',
  'langfuse-jsonl',
  'langfuse-csv',
  'opik-json',
  'promptfoo-json',
  'promptfoo-jsonl',
  'langsmith-json',
  'langsmith-jsonl',
  'phoenix-json',
  'phoenix-jsonl',
  'thread-jsonl',
] as const;
export type FormatId = (typeof FORMAT_IDS)[number];

/** How the records of a format are laid out in the file. */
export type Container = 'json' | 'jsonl' | 'csv';
/** Which shape each record has. */
export type Shape = 'deepeval' | 'openai' | 'sharegpt' | 'mastra' | 'long' | 'langfuse' | 'opik' | 'promptfoo' | 'langsmith' | 'phoenix' | 'thread';

export interface DetectedFormat {
  /** null when the content is none of the formats we read. */
  format: FormatId | null;
  /** 'low' when the content alone did not settle it (extension hint, empty list…). */
  confidence: 'high' | 'low';
  /** Why this format was chosen, or what was found instead. */
  reason: string;
}

export type Severity = 'error' | 'warning';

export interface Problem {
  /** An error stops the import; a warning describes something kept as it is. */
  severity: Severity;
  /** 1-based line of the file; for CSV the line where the row starts (header = line 1). */
  line: number;
  /** 1-based column, when known (broken JSON). */
  column?: number;
  /** Path of the field inside the record, e.g. `turns[2].role`; '' for the whole file or record. */
  field: string;
  message: string;
  /** 1-based index of the record (JSON item, JSONL record, CSV data row) when there is one. */
  record?: number;
  /** The file of a folder or archive the problem is in (its line is that file's); absent for a single file. */
  file?: string;
}

export const CSV_FIELDS = [
  'conversationId',
  'turnIndex',
  'role',
  'content',
  'retrievalContext',
  'expectedOutput',
  'context',
  'toolsCalled',
  'expectedTools',
  'turnMetadata',
  'input',
  'actualOutput',
  'turns',
  'name',
  'scenario',
  'expectedOutcome',
  'chatbotRole',
  'userDescription',
  'conversationContext',
  'conversationMetadata',
  'relevantTopics',
  'availableTools',
  /** Kept as metadata under the column's own name. */
  'metadata',
  /** Dropped on purpose by the caller. */
  'ignore',
] as const;
export type CsvField = (typeof CSV_FIELDS)[number];
/** Column header → the field it fills. */
export type CsvMapping = Record<string, CsvField>;

export interface ParseOptions {
  /** Used as a hint for detection (.json, .jsonl, .ndjson, .csv, .tsv). */
  fileName?: string;
  /** Skips detection. */
  format?: FormatId;
  /** For CSV: how columns map to fields; guessed from the header when absent. */
  csvMapping?: CsvMapping;
  /** The file's own role values mapped to user/assistant ({ "agent_1": "user" }), read before the usual names (every format). */
  roleValues?: RoleValues;
  /** Problems kept in full; the rest are counted in one summary problem. Default 500. */
  maxProblems?: number;
  /** Chat messages with a thread key (thread-jsonl): the field that groups them into conversations (a dotted path reaches inside: metadata.session_id). */
  threadKey?: string;
  /** Chat messages with a thread key: the field that orders a conversation's messages (file order when absent). */
  orderBy?: string;
}

export interface ParseStats {
  conversations: number;
  turns: number;
}

export interface ParseResult {
  /** null when the file could not be read as any format. */
  format: FormatId | null;
  /** Conversations that mapped without error; store none of them if any problem is an error. */
  conversations: Conversation[];
  problems: Problem[];
  stats: ParseStats;
  /** Fields of a JSON wrapper object other than its list (e.g. a dataset alias). */
  datasetMetadata?: Record<string, unknown>;
}
