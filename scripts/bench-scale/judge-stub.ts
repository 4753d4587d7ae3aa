import { startJudgeServer } from '../../tests/helpers/judge-server';
import { answerLikeOfflineJudge } from '../../tests/helpers/step-answers';

/*
 * The bench's scripted judge in a process of its own (so its CPU is measured apart from the
 * workers' and the bench's): answers every step like the offline judge after
 * BENCH_JUDGE_LATENCY_MS, prints its URL, and stops on SIGTERM.
 */
const judge = await startJudgeServer({ handler: answerLikeOfflineJudge(), latencyMs: Number(process.env.BENCH_JUDGE_LATENCY_MS ?? 200) });
console.log(`judge ${judge.url}`);
process.on('SIGTERM', () => void judge.close().finally(() => process.exit(0)));
