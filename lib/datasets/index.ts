// Public API of dataset parsing. Pure: no fs, so it runs in a browser Web Worker too.
// The Node helper that reads a file path is lib/datasets/read-file-node.ts (Node only).
export type {
  CsvField,
  CsvMapping,
  DetectedFormat,
  FormatId,
  ParseOptions,
  ParseResult,
  ParseStats,
  Problem,
  Severity,
} from './types';
export { CSV_FIELDS, FORMAT_IDS } from './types';
export { detectFormat } from './detect-format';
export { parseDataset } from './parse-dataset';
export { createStreamingParser, MAX_JSON_CHARS, type StreamingOptions, type StreamingParser } from './streaming-parser';
export { guessCsvMapping, csvFormatOf, csvMappingSchema } from './csv-mapping';
export { parseOptionsSchema } from './options-schema';
export { normaliseRole, roleValuesSchema, type RoleValues } from './roles';
export { DEFAULT_CONVERSATION_LIMITS, quoted, type ConversationLimits } from './value-checks';
export { decodeDataset, createChunkDecoder } from './decode';
export { exportDeepevalJson, exportJsonl, toDeepevalRecord } from './export-deepeval';
export { exportLongCsv, LONG_CSV_COLUMNS } from './export-long-csv';
export { formatProblem, hasErrors } from './problems';
export { groupProblems, type ProblemGroup } from './problem-groups';
export { importedRunParameters, type ImportedScore, type ScoreCount, type ScoredConversation } from './imported-scores';
