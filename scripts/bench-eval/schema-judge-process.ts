/* The tests' schema judge as a process of its own: argv latency ms and the file to write its port to. */
import { writeFileSync } from 'node:fs';
import { startJudgeServer } from '../../tests/helpers/judge-server';
import { answerFromSchema } from '../../tests/helpers/schema-judge';

const [latency, portFile] = process.argv.slice(2);
const server = await startJudgeServer({ handler: answerFromSchema(), latencyMs: Number(latency) });
writeFileSync(portFile, new URL(server.url).port);
process.on('disconnect', () => process.exit(0));
