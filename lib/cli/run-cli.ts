import { isAppError } from '../errors';
import type { EvalIo } from './eval-command';
import { takeProjectOption } from './cli-project';

const USAGE = `usage: turnwise eval <file> [--metrics a,b,…] [--judge openai|offline] [--judge-name NAME]
                      [--judge-base-url URL] [--judge-model NAME] [--threshold X] [--strict]
                      [--no-reason] [--window-size N] [--options JSON] [--concurrency N]
                      [--metric-file FILE …] [--redact LIST]
                      [--json PATH|-] [--save [--name NAME] [--model-version LABEL] [--baseline RUN_ID]]
       every command: [--project SLUG] (else TURNWISE_PROJECT, else the project "default")
       turnwise compare <baselineRunId> <runId> [--fail-on-regression] [--json PATH|-]
       turnwise import <file> [--name NAME] [--model-version LABEL] [--format ID] [--skip-invalid] [--redact LIST]
       turnwise replay <dataset id or file> --model-version LABEL (--target-base-url URL --model NAME
                      | --target-http URL [--secret-env VAR]) [--mode on-policy] [--metrics a,b,…]
                      [--judge …] [--compare-with RUN_ID] [--json PATH|-]   (turnwise replay --help)

metrics: knowledge_retention, turn_faithfulness, conversation_relevancy, contextual_recall,
         context_coverage, turn_contextual_recall, turn_contextual_precision,
         turn_contextual_relevancy, role_adherence, conversation_completeness,
         goal_accuracy, topic_adherence, tool_use (these five need an LLM judge), and each
         --metric-file metric
         (default: those of the default set the dataset has the data for, and every
         --metric-file one; the turn contextual ones judge the retriever and are scored only
         when named)
custom:  --metric-file refund.json with {"name":"refund_policy","scope":"conversation","criteria":"…"}
         (scope "conversation" or "turn"; optional evaluationSteps, rubric, fields, windowSize,
         threshold, strictMode); with --save it is stored as a version of the metric
options: --options '{"turn_faithfulness":{"penalizeAmbiguousClaims":true,"truthsExtractionLimit":5}}'
         per metric, as the REST API's "options"; it wins over --threshold, --strict,
         --no-reason and --window-size for the metrics and options it names
exit:    eval: 0 every metric passed, 1 a metric failed its threshold or errored
         (with --baseline: 1 when a metric dropped beyond its 95% interval);
         compare: 1 with --fail-on-regression when a metric dropped beyond its 95% interval;
         import: 0 stored (prints the dataset id), 2 the file has errors (nothing stored);
         replay: with --compare-with as compare --fail-on-regression; else 1 when turns errored;
         2 bad input or configuration`;

// Each command is loaded when asked for: a command's start pays only for the modules it uses.
const COMMANDS: Record<string, () => Promise<(rest: string[], io: EvalIo) => Promise<number>>> = {
  eval: async () => {
    const [{ parseEvalArgs }, { runEvalCommand }] = await Promise.all([import('./eval-args'), import('./eval-command')]);
    return (rest, io) => runEvalCommand(parseEvalArgs(rest), io);
  },
  compare: async () => (await import('./compare-command')).runCompare,
  replay: async () => (await import('./replay-command')).runReplay,
  import: async () => (await import('./import-command')).runImport,
};

/** Runs one command and returns the process exit code; never throws. */
export async function runCli(argv: string[], io: EvalIo): Promise<number> {
  let load: ((typeof COMMANDS)[string]) | undefined;
  try {
    const { slug, rest: args } = takeProjectOption(argv, io.env ?? process.env);
    const [command, ...rest] = args;
    io = { ...io, project: slug };
    load = command !== undefined && Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
    if (load) return await (await load())(rest, io);
    if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
      io.stdout(`${USAGE}\n`);
      return command === undefined ? 2 : 0;
    }
    io.stderr(`turnwise: unknown command "${command}"\n${USAGE}\n`);
    return 2;
  } catch (e) {
    if (isAppError(e) && (e.code === 'BAD_INPUT' || e.code === 'CONFIG' || e.code === 'NOT_FOUND')) {
      io.stderr(`turnwise: ${e.message}\n`);
      return 2;
    }
    io.stderr(`turnwise: ${(e as Error).stack ?? String(e)}\n`);
    return 2;
  } finally {
    if (load) await import('../db/client').then(({ disconnectDb }) => disconnectDb()).catch(() => undefined);
  }
}
