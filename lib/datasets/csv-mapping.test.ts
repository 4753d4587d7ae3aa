import { describe, expect, it } from 'vitest';
import { csvFormatOf, guessCsvMapping } from './csv-mapping';

describe('guessCsvMapping', () => {
  it('guesses long-CSV columns from common names and keeps unknown columns as metadata', () => {
    expect(guessCsvMapping(['Conv ID', 'Turn', 'Speaker', 'Message', 'Documents', 'Reference', 'channel'])).toEqual({
      'Conv ID': 'conversationId',
      Turn: 'turnIndex',
      Speaker: 'role',
      Message: 'content',
      Documents: 'retrievalContext',
      Reference: 'expectedOutput',
      channel: 'metadata',
    });
  });

  it('guesses knowledge, sources and chunks columns as the retrieval context', () => {
    for (const header of ['knowledge', 'Sources', 'retrieved_chunks']) {
      expect(guessCsvMapping(['conversation_id', 'role', 'content', header])[header]).toBe('retrievalContext');
    }
  });

  it('reads a lone context column as the retrieval context in a long CSV, and as turn context beside retrieval_context', () => {
    expect(guessCsvMapping(['conversation_id', 'role', 'text', 'context']).context).toBe('retrievalContext');
    expect(guessCsvMapping(['conversation_id', 'role', 'text', 'retrieval_context', 'context']).context).toBe('context');
  });

  it('guesses deepeval-CSV columns (one row per case)', () => {
    const m = guessCsvMapping(['id', 'question', 'answer', 'expected', 'retrieval_context', 'context', 'additional_metadata']);
    expect(m).toEqual({
      id: 'conversationId',
      question: 'input',
      answer: 'actualOutput',
      expected: 'expectedOutput',
      retrieval_context: 'retrievalContext',
      context: 'conversationContext',
      additional_metadata: 'conversationMetadata',
    });
    expect(csvFormatOf(m)).toBe('deepeval-csv');
  });

  it('maps a field to its first matching column only', () => {
    expect(guessCsvMapping(['conversation_id', 'id', 'role', 'content'])).toMatchObject({ conversation_id: 'conversationId', id: 'metadata' });
  });

  it('tells the CSV layout from the mapping', () => {
    expect(csvFormatOf({ a: 'role', b: 'content' })).toBe('long-csv');
    expect(csvFormatOf({ a: 'turns' })).toBe('deepeval-csv');
    expect(csvFormatOf({ a: 'metadata' })).toBeNull();
  });
});
