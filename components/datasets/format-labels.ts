import type { CsvField, FormatId } from '@/lib/datasets';

export const FORMAT_LABELS: Record<FormatId, string> = {
  'deepeval-json': 'deepeval JSON',
  'deepeval-jsonl': 'deepeval JSONL',
  'deepeval-csv': 'deepeval CSV',
  'openai-jsonl': 'OpenAI chat JSONL',
  'openai-json': 'OpenAI chat JSON',
  'sharegpt-json': 'ShareGPT JSON',
  'sharegpt-jsonl': 'ShareGPT JSONL',
  'long-csv': 'CSV, one row per turn',
  'mastra-json': 'Mastra cases JSON',
  'mastra-jsonl': 'Mastra cases JSONL',
  'langfuse-json': 'Langfuse JSON',
  'langfuse-jsonl': 'Langfuse JSONL',
  'langfuse-csv': 'Langfuse CSV',
  'opik-json': 'Opik export',
  'promptfoo-json': 'promptfoo results JSON',
  'promptfoo-jsonl': 'promptfoo results JSONL',
  'langsmith-json': 'LangSmith runs or examples JSON',
  'langsmith-jsonl': 'LangSmith runs or examples JSONL',
  'phoenix-json': 'Phoenix dataset JSON',
  'phoenix-jsonl': 'Phoenix dataset JSONL',
  'thread-jsonl': 'Chat log JSONL (thread key)',
};

/** Sources that are no file format: a live dataset fed by traces (OTLP, or deepeval's own client), its copies, and what deepeval sent. */
const SOURCE_LABELS: Record<string, string> = {
  otlp: 'live traces (OpenTelemetry or deepeval)',
  'otlp-snapshot': 'OpenTelemetry (fixed copy of live conversations)',
  online: 'Online evaluation (production conversations as scored)',
  'deepeval-test-run': 'deepeval test run (its test cases)',
  'deepeval-goldens': 'deepeval dataset (goldens pushed)',
  'deepeval-conversational-goldens': 'deepeval dataset (conversational goldens pushed)',
};

export const formatLabel = (format: string | null): string =>
  format && format in FORMAT_LABELS ? FORMAT_LABELS[format as FormatId] : format && format in SOURCE_LABELS ? SOURCE_LABELS[format] : (format ?? 'unknown');

/** What each CSV field means, for the column mapping step. */
export const CSV_FIELD_LABELS: Record<CsvField, string> = {
  conversationId: 'Conversation id',
  turnIndex: 'Turn index',
  role: 'Role (user / assistant)',
  content: 'Message content',
  retrievalContext: 'Retrieval context',
  expectedOutput: 'Expected output',
  context: 'Turn context',
  toolsCalled: 'Tools called (JSON)',
  expectedTools: 'Expected tools (JSON)',
  turnMetadata: 'Turn metadata (JSON)',
  input: 'Input (single-turn case)',
  actualOutput: 'Actual output (single-turn case)',
  turns: 'Turns (JSON list)',
  name: 'Conversation name',
  scenario: 'Scenario',
  expectedOutcome: 'Expected outcome',
  chatbotRole: 'Chatbot role',
  userDescription: 'User description',
  conversationContext: 'Conversation context',
  conversationMetadata: 'Conversation metadata (JSON)',
  relevantTopics: 'Relevant topics',
  availableTools: 'Available tools (JSON)',
  metadata: 'Keep as metadata',
  ignore: 'Ignore this column',
};

export const formatCount = (n: number): string => n.toLocaleString('en-US');

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** `3 conversations`, `1 conversation`. */
export const plural = (n: number, word: string): string => `${formatCount(n)} ${n === 1 ? word : `${word}s`}`;
