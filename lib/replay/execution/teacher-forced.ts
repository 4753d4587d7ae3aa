import type { ChunkContext } from './chunk-context';
import type { Work } from './chunk-work';
import { produceTurn } from './replay-turn';

/** Teacher-forced replay of a stateless target: every pending turn from its recorded history, all in parallel (the pool bounds them). */
export async function generateTeacherForced(ctx: ChunkContext, work: readonly Work[]): Promise<void> {
  const pending = work.flatMap((w) => [...w.items].filter(([, i]) => i.status === 'pending').map(([turnIndex]) => ({ w, turnIndex })));
  await Promise.all(
    pending.map(({ w, turnIndex }) =>
      ctx.limit(async () => {
        const outcome = await produceTurn(ctx, w, turnIndex, undefined, null);
        if (outcome) ctx.store(w, turnIndex, outcome);
      }),
    ),
  );
}
