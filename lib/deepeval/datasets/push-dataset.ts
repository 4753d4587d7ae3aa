import type { Db } from '../../db/db-types';
import type { Conversation } from '../../domain';
import { conversationHasher } from '../dataset-versions/content-hash';
import { storeVersion, type StoredVersion } from '../dataset-versions/store-version';
import { conversationOfConversationalGolden, conversationOfGolden } from './golden-conversation';
import type { DatasetPush } from './schema';

/** How a version remembers which kind of goldens it holds (a pull answers the same kind). */
export const GOLDENS_FORMAT = { single: 'deepeval-goldens', conversational: 'deepeval-conversational-goldens' } as const;

const BATCH = 1000;

/**
 * A push (EvaluationDataset.push): the goldens become a version of the alias, stored once per
 * content (pushing the same goldens again answers the same version; finalized=true on an
 * unfinalized one finalizes it), with the kind of goldens remembered for the pull.
 */
export async function pushDataset(db: Db, projectId: string, alias: string, body: DatasetPush): Promise<StoredVersion> {
  const single = (body.goldens?.length ?? 0) > 0;
  const conversations: Conversation[] = single ? body.goldens!.map(conversationOfGolden) : body.conversationalGoldens!.map(conversationOfConversationalGolden);
  const hasher = conversationHasher();
  hasher.add({ turns: [], metadata: { kind: single ? 'goldens' : 'conversationalGoldens' } });
  for (const c of conversations) hasher.add(c);
  return storeVersion(db, {
    projectId,
    alias,
    source: 'push',
    contentHash: hasher.digest(),
    finalized: body.finalized ?? true,
    ...(body.version !== undefined ? { version: body.version } : {}),
    description: `deepeval dataset ${alias}: ${conversations.length.toLocaleString('en-US')} ${single ? 'goldens' : 'conversational goldens'} pushed with EvaluationDataset.push.`,
    sourceFormat: single ? GOLDENS_FORMAT.single : GOLDENS_FORMAT.conversational,
    conversations: async function* () {
      for (let i = 0; i < conversations.length; i += BATCH) yield conversations.slice(i, i + BATCH);
    },
  });
}
