import { z } from 'zod';
import { normKey } from './fields';
import { CSV_FIELDS, type CsvField, type CsvMapping, type FormatId } from './types';

export const csvMappingSchema = z.record(z.string(), z.enum(CSV_FIELDS));

// Normalised header names (lowercase, letters and digits only) each field is guessed from.
const ALIASES: [CsvField, string[]][] = [
  ['conversationId', ['conversationid', 'convid', 'conversation', 'dialogid', 'dialogueid', 'threadid', 'sessionid', 'chatid', 'id', 'externalid', 'caseid']],
  ['turnIndex', ['turnindex', 'turn', 'turnidx', 'turnnumber', 'turnno', 'turnid', 'messageindex', 'index', 'position', 'seq', 'order']],
  ['role', ['role', 'speaker', 'from', 'author', 'sender']],
  ['content', ['content', 'message', 'text', 'utterance', 'value', 'body']],
  ['retrievalContext', ['retrievalcontext', 'retrievedcontext', 'documents', 'docs', 'retrieved', 'retrieveddocuments', 'passages', 'contexts', 'knowledge', 'knowledgebase', 'sources', 'chunks', 'retrievedchunks', 'retrievalcontexts', 'evidence', 'snippets', 'citations', 'searchresults', 'ragcontext']],
  ['expectedOutput', ['expectedoutput', 'expected', 'reference', 'groundtruth', 'expectedanswer', 'idealanswer', 'referenceanswer']],
  ['context', ['turncontext', 'referencecontext']],
  ['toolsCalled', ['toolscalled', 'toolcalls']],
  ['expectedTools', ['expectedtools', 'expectedtoolcalls']],
  ['turnMetadata', ['turnmetadata']],
  ['input', ['input', 'question', 'query', 'prompt']],
  ['actualOutput', ['actualoutput', 'answer', 'output', 'response', 'prediction']],
  ['turns', ['turns']],
  ['name', ['name', 'title']],
  ['scenario', ['scenario']],
  ['expectedOutcome', ['expectedoutcome']],
  ['chatbotRole', ['chatbotrole', 'systemprompt']],
  ['userDescription', ['userdescription']],
  ['conversationContext', ['conversationcontext']],
  ['conversationMetadata', ['conversationmetadata', 'additionalmetadata']],
  ['relevantTopics', ['relevanttopics', 'topics', 'allowedtopics']],
  ['availableTools', ['availabletools']],
];

const lookup = new Map<string, CsvField>();
for (const [field, names] of ALIASES) for (const n of names) if (!lookup.has(n)) lookup.set(n, field);

/**
 * Guesses which field each column fills. `context` and `metadata` depend on the layout: in a long
 * CSV (role + content columns) a lone `context` column is the retrieval context and `metadata`
 * belongs to the turn; in a deepeval CSV they are deepeval's context and additional_metadata.
 * Unknown columns are kept as metadata; each field goes to its first matching column.
 */
export function guessCsvMapping(headers: string[]): CsvMapping {
  const mapping: CsvMapping = {};
  const taken = new Set<CsvField>();
  const norms = headers.map(normKey);
  const long = norms.some((n) => lookup.get(n) === 'role') && norms.some((n) => lookup.get(n) === 'content');
  const hasRetrieval = norms.some((n) => lookup.get(n) === 'retrievalContext');
  headers.forEach((header, i) => {
    const n = norms[i];
    let field: CsvField = lookup.get(n) ?? 'metadata';
    if (n === 'context') field = long ? (hasRetrieval ? 'context' : 'retrievalContext') : 'conversationContext';
    if (n === 'metadata') field = long ? 'turnMetadata' : 'conversationMetadata';
    if (field !== 'metadata' && taken.has(field)) field = 'metadata';
    taken.add(field);
    mapping[header] = field;
  });
  return mapping;
}

/** long-csv for one row per turn (role + content), deepeval-csv for one row per case, else null. */
export function csvFormatOf(mapping: CsvMapping): FormatId | null {
  const fields = new Set(Object.values(mapping));
  if (fields.has('role') && fields.has('content')) return 'long-csv';
  if (fields.has('turns') || fields.has('input') || fields.has('actualOutput')) return 'deepeval-csv';
  return null;
}
