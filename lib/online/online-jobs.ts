import type { PeriodicTask } from '../jobs/periodic-worker';
import { scoreClosedConversations } from './score-closed-conversations';

/**
 * Online scoring: every TURNWISE_ONLINE_POLL_MS (15 s) the online evaluation rules score the
 * live conversations that have gone quiet, each rule under a lease so that workers sharing a
 * PostgreSQL database take turns. A pass that failed stored no run for its conversations: they
 * are scored at the next one.
 */
export const onlineScoring: PeriodicTask = {
  name: 'online evaluation step',
  everyMs: (env) => (Number(env.TURNWISE_ONLINE_POLL_MS) > 0 ? Number(env.TURNWISE_ONLINE_POLL_MS) : 15_000),
  async run({ db, env, log }) {
    for (const pass of await scoreClosedConversations({ db, env, log })) {
      if (pass.scored) log(`online rule ${pass.ruleId}: scored ${pass.scored} conversation(s), ${pass.superseded} superseded`);
    }
  },
};
