import { isAppError } from '../errors';
import { listJudges, loadJudgeConfig, type JudgeInfo } from '../judge/config';

/** The environment's judges as the connections page lists them (no keys, no URLs), or why they cannot be read. */
export function listEnvJudges(env: Record<string, string | undefined>): { judges: JudgeInfo[]; error: string | null } {
  try {
    return { judges: listJudges(loadJudgeConfig(env)).filter((j) => j.kind === 'openai'), error: null };
  } catch (error) {
    if (isAppError(error)) return { judges: [], error: error.message };
    throw error;
  }
}
