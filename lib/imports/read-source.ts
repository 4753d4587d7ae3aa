import { createChunkDecoder, type Problem, type StreamingParser } from '../datasets';
import type { Conversation } from '../domain/conversation';
import type { SourceEvent } from './source-events';

export interface SourceReader {
  /** Feeds the events of one chunk; returns the conversations they completed. */
  take(events: SourceEvent[]): Conversation[];
  /** Ends the input; returns the last conversations. */
  end(): Conversation[];
  /** A single file's bytes that are not UTF-8: the import stops with this problem alone. */
  readonly undecodable: Problem | null;
  /** Whether the input is a folder or an archive (its problems name their files). */
  readonly bundle: boolean;
}

/**
 * Decodes the bytes of a plain file or of each file of a folder or archive and feeds the parser,
 * starting each file afresh. In a folder, a file that is not UTF-8 is refused on its own (its
 * problem names it) and the others are read; a plain file that is not UTF-8 stops the import.
 */
export function createSourceReader(parser: StreamingParser): SourceReader {
  let decoder = createChunkDecoder();
  let bundle = false;
  let skipping = false;
  let undecodable: Problem | null = null;
  let file = '';

  const refuse = (problem: Problem) => {
    if (!bundle) {
      undecodable = problem;
      return;
    }
    parser.addProblem({ ...problem, file });
    parser.skipFile();
    skipping = true;
  };
  const endFile = (): Conversation[] => {
    if (skipping || undecodable) return [];
    const tail = decoder.end();
    if (decoder.problem) {
      refuse(decoder.problem);
      return [];
    }
    return parser.push(tail);
  };

  return {
    take(events) {
      const out: Conversation[] = [];
      for (const event of events) {
        if ('file' in event) {
          if (bundle) out.push(...endFile());
          bundle = true;
          file = event.file;
          decoder = createChunkDecoder();
          skipping = false;
          out.push(...parser.nextFile(event.file));
        } else if ('bytes' in event) {
          if (skipping || undecodable) continue;
          const text = decoder.decode(event.bytes);
          if (decoder.problem) refuse(decoder.problem);
          else out.push(...parser.push(text));
        } else parser.addProblem(event.problem);
      }
      return out;
    },
    end() {
      const out = endFile();
      if (undecodable) return out;
      return [...out, ...parser.end()];
    },
    get undecodable() {
      return undecodable;
    },
    get bundle() {
      return bundle;
    },
  };
}
