import 'server-only';
import type { Db } from '../db/db-types';
import { isAppError } from '../errors';
import { defaultJudgeName, listJudges, loadJudgeConfig, OFFLINE_JUDGE_NAME, type JudgeInfo } from '../judge/config';
import { loadJudgeConfigWithConnections } from './judge-config-with-connections';

export interface JudgesOnOffer {
  /** Judges the server offers, without keys or URLs. */
  judges: JudgeInfo[];
  /** The judge the forms preselect: the one an admin marked default, else OPENAI_API_KEY's, else the offline one (defaultJudgeSelection). */
  defaultJudge: string;
  /** Why only the offline judge is offered, when the judge configuration is broken. */
  judgeConfigError: string | null;
  /** Judge requests in flight a run starts with. */
  concurrency: number;
}

/** The judges a form of a project offers (the new-run form, the metric editor, the online rule form): the offline one alone when the configuration is broken. */
export async function loadJudgesOnOffer(db: Db, projectId: string, env: Record<string, string | undefined>): Promise<JudgesOnOffer> {
  let judges: JudgeInfo[];
  let judgeConfigError: string | null = null;
  let concurrency = 8;
  let defaultJudge = OFFLINE_JUDGE_NAME;
  try {
    const config = await loadJudgeConfigWithConnections(db, projectId, env);
    judges = listJudges(config);
    concurrency = config.concurrency;
    defaultJudge = defaultJudgeName(config);
  } catch (error) {
    if (!isAppError(error)) throw error;
    judgeConfigError = error.message;
    judges = listJudges(loadJudgeConfig({})).filter((j) => j.kind === 'offline');
  }
  return { judges, defaultJudge, judgeConfigError, concurrency };
}
