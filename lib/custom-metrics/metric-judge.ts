import 'server-only';
import { loadJudgeConfigWithConnections } from '../connections/judge-config-with-connections';
import type { Db } from '../db/db-types';
import { defaultJudgeSelection, type JudgeSelection } from '../judge/config';
import type { Judge } from '../judge/types';
import { createRunJudge, resolveRunJudge, type RunJudge } from '../connections/judge-selection';

/**
 * The judge that writes a custom metric's evaluation steps or tries it on a conversation: the one
 * chosen (checked as a run's judge is), else the server's default. Its replies go through the
 * judge cache, so a run with the same judge reuses them.
 */
export async function customMetricJudge(
  db: Db,
  projectId: string,
  selection: JudgeSelection | undefined,
  env: Record<string, string | undefined>,
): Promise<{ judge: Judge; chosen: RunJudge }> {
  const config = await loadJudgeConfigWithConnections(db, projectId, env);
  const chosen = resolveRunJudge(selection ?? defaultJudgeSelection(config), config);
  return { judge: await createRunJudge(db, projectId, { ...chosen, concurrency: 4 }, env), chosen };
}
