import type { Db } from '../db/db-types';
import { loadJudgeConfig, type JudgeConfig } from '../judge/config';
import { loadConnectionEndpoints } from './connection-store';

/**
 * The environment's judges plus the connections a project's admins added in the UI. An environment judge keeps
 * its name: a stored connection with the same name (possible only if the variable was set
 * later) is left out.
 */
export async function loadJudgeConfigWithConnections(db: Db, projectId: string, env: Record<string, string | undefined>): Promise<JudgeConfig> {
  const config = loadJudgeConfig(env);
  const taken = new Set([config.openai.name, ...config.judges.map((j) => j.name)]);
  const stored = (await loadConnectionEndpoints(db, projectId, env)).filter((e) => !taken.has(e.name));
  return { ...config, judges: [...config.judges, ...stored] };
}
