/* The command-line entry: `npm run turnwise -- <command> …`. */
import { runCli } from '../lib/cli/run-cli';

process.exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
});
