import { mapDeepevalRecord } from './map-deepeval';
import { mapOpenAiRecord } from './map-openai';
import { mapShareGptRecord } from './map-sharegpt';
import type { MapResult } from './mapped';
import { mapLangfuseRecord } from './peers/langfuse';
import { mapOpikRecord } from './peers/opik';
import { mapThreadMessage, type ThreadOptions } from './peers/thread-messages';
import type { RoleValues } from './roles';
import type { Shape } from './types';

/** The mapper for one record of a JSON or JSONL format (Mastra cases share deepeval's single-turn mapper). */
export function mapperFor(shape: Shape, roleValues?: RoleValues, threadOptions: ThreadOptions = {}): (record: unknown) => MapResult {
  switch (shape) {
    case 'langfuse':
      return (record) => mapLangfuseRecord(record, roleValues);
    case 'opik':
      return (record) => mapOpikRecord(record, roleValues);
    case 'thread':
      return (record) => mapThreadMessage(record, threadOptions);
    case 'openai':
      return (record) => mapOpenAiRecord(record, roleValues);
    case 'sharegpt':
      return (record) => mapShareGptRecord(record, roleValues);
    default:
      return (record) => mapDeepevalRecord(record, roleValues);
  }
}
