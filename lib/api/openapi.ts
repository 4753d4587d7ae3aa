import 'server-only';
import { z } from 'zod';
import { runExportQuerySchema } from '../exports/run-export';
import { importOptionsSchema } from '../imports/import-options';
import { runRequestSchema } from '../runs/request/run-request';
import { gEvalDefinitionSchema } from '../metrics/g-eval/definition';
import { judgeSelectionSchema } from '../judge/config';
import { compareQuerySchema } from './compare';
import { datasetsQuerySchema } from './list-datasets';
import { runsQuerySchema } from './list-runs';
import { pageQuerySchema } from './pagination';
import { replayRequestSchema } from '../replay/replay-request';
import { replaysQuerySchema } from './replays';
import { onlineRuleInputSchema } from '../online/rule-input';
import { alertRuleInputSchema } from '../alerts/rule-input';

/*
 * The OpenAPI 3.1 document of /api/v1, built from the zod schemas the routes parse their input
 * with: a route's documented parameters and body cannot drift from what it accepts.
 */

type JsonSchema = Record<string, unknown>;

const jsonSchema = (schema: z.ZodType): JsonSchema => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

/** Query parameters, one per property of a zod object. */
function queryParameters(schema: z.ZodObject): unknown[] {
  const json = jsonSchema(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: property,
  }));
}

const runIdParameter = { name: 'id', in: 'path', required: true, schema: { type: 'string' }, description: 'The run id' };

const ruleIdParameter = { name: 'id', in: 'path', required: true, schema: { type: 'string' }, description: 'The online rule id' };
const ruleBody = (partial: boolean) => ({
  required: true,
  content: { 'application/json': { schema: jsonSchema(partial ? onlineRuleInputSchema.partial() : onlineRuleInputSchema) } },
  description:
    'datasetIds: live (OpenTelemetry) datasets; metrics and judge as a run names them; sampleRate (required, no default) 0–100 % chosen by a hash of the conversation id; ' +
    'idleMinutes (default 5) of silence after which a conversation is closed and scored; dailyCapUsd: judge spend a UTC day may reach; ' +
    'dailyCapCalls, dailyCapTokens: judge calls and tokens a UTC day may reach (a judge whose model has no known price needs one of them); ' +
    'versionAttribute: the span attribute whose value becomes each run\'s model version.' +
    (partial ? ' Only the fields given change ({"enabled": false} pauses the rule).' : ''),
});

const alertIdParameter = { name: 'id', in: 'path', required: true, schema: { type: 'string' }, description: 'The alert rule id' };
const alertBody = (partial: boolean) => ({
  required: true,
  content: { 'application/json': { schema: jsonSchema(partial ? alertRuleInputSchema.partial() : alertRuleInputSchema) } },
  description:
    'condition: {kind:"run_result", datasetId?, metric?, check: regression | pass_rate_below | mean_below, value? (percent for a pass rate), baselineRunId?} ' +
    '(a regression: the whole 95 % interval of the difference against the baseline below 0; no baseline: the run before it on the same dataset), ' +
    '{kind:"online_window", onlineRuleId, metric, passRateBelow (percent), window: conversations | hours, size, minCount (default 10)}, ' +
    '{kind:"judge_cost", onlineRuleId? (its daily cap reached), dailyUsd? (null onlineRuleId: the day\'s spend of every run)} or {kind:"failure", of: runs | replays | ingest | any, datasetId?}. ' +
    'destination: {kind: webhook | slack, url, secret? (webhooks: HMAC-SHA256 signature), clearSecret?}: the url and secret are stored encrypted and never answered back. ' +
    'docs/alerts.md documents the webhook body.' +
    (partial ? ' Only the fields given change; a destination without url keeps the stored URL, without secret the stored secret ({"enabled": false} pauses the rule).' : ''),
});

const replayIdParameter = { name: 'id', in: 'path', required: true, schema: { type: 'string' }, description: 'The replay id' };
const replayBody = {
  required: true,
  content: { 'application/json': { schema: jsonSchema(replayRequestSchema) } },
  description:
    'target: {kind:"openai", baseUrl, apiKeyEnv?, model, systemPrompt?, temperature?, maxTokens?, extraBody?} or {kind:"openai", connection, model, …} ' +
    '(keys stay in the environment or the stored connection), or {kind:"http", url, secretEnv?, timeoutMs?}: the app gets one POST per assistant turn ' +
    'with {conversationId, turn, messages:[{role, content}], state} and answers {content, retrievalContext?, toolsCalled?, state?}. ' +
    'mode: teacher-forced (default), on-policy (needs an OpenAI-compatible judge for the fit check) or simulated-user (the OpenAI-compatible judge plays the user of ' +
    'each conversation with a scenario, for at most maxTurns exchanges, default 10, or until it says the goal is met or failed; the others are skipped). ' +
    'samples: generations per assistant turn (1 to 5, default 1): the first is the turn of the new dataset version, the others are stored apart, linked to it, never scored; ' +
    'GET /replays/{id} then says how much they differ (samples: {perTurn, turns, differing, failed, meanSimilarity, examples}). ' +
    'evaluate: {metrics, judge, options?, compareWith?: a run of the source dataset whose metrics, judge and options fill what is not given}.',
};

const errorSchema = jsonSchema(
  z.object({
    error: z.looseObject({
      code: z.enum(['BAD_INPUT', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'METHOD_NOT_ALLOWED', 'CONFLICT', 'CONFIG', 'JUDGE', 'INTERNAL']),
      message: z.string(),
      field: z.string().optional().describe('The input field at fault: a query parameter, a body path such as metrics.1, or file'),
    }),
  }),
);

const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [String(status), { $ref: `#/components/responses/E${status}` }]));

const json = (description: string) => ({ description, content: { 'application/json': { schema: { type: 'object' } } } });

const multipartUpload = {
  required: true,
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        required: ['file'],
        properties: {
          ...(jsonSchema(importOptionsSchema.partial()) as { properties: JsonSchema }).properties,
          file: { type: 'string', format: 'binary', description:
              "The dataset: deepeval JSON/JSONL/CSV, OpenAI chat logs, ShareGPT, a CSV with a column mapping, Langfuse's session download and exports, Opik's export (a zip of its folder), promptfoo's results (JSON or JSONL), LangSmith runs or examples (JSONL or JSON), Phoenix's dataset exports, or chat messages with a thread key (JSONL; threadKey and orderBy name the fields). Per conversation: scenario, expected_outcome, chatbot_role, user_description, context, relevant_topics (list of text), available_tools (list of {name, description?, input_parameters?}); per turn: retrieval_context, tools_called, expected_tools, expected_output, context",
          },
        },
      },
      encoding: { csvMapping: { contentType: 'application/json' }, roleValues: { contentType: 'application/json' } },
    },
  },
  description:
    'name and modelVersion may come before or after file; fileName, format, csvMapping, roleValues, threadKey, orderBy, skipInvalid and redact must come before it. ' +
    'redact takes personal data out of every text field before anything is stored: email, phone, card, ip, custom:<saved pattern>, builtin (the four) or all (the four and every saved pattern), comma-separated; the answer counts what was taken by kind (redactions). ' +
    'A zip archive is read file by file (the JSON and JSONL files it holds). ' +
    'roleValues maps the file’s own role values to user/assistant (CSV), e.g. {"agent_1":"user","agent_2":"assistant"}. ' +
    'skipInvalid=true stores the valid conversations and answers the lines left out as skipped (a CSV conversation with a bad row is left out whole, each of its rows noted); without it a file with errors stores nothing ' +
    '(the 400 lists its problems and groups them by kind). ' +
    'A file that carries scores (Langfuse’s scores, Opik’s feedback scores, promptfoo’s grading results, LangSmith’s feedback) also stores them as a run that tool scored: the answer names it as run {id, origin, metrics, results}; notes say what the format could not carry.',
};

const metricNameParameter = { name: 'name', in: 'path', required: true, schema: { type: 'string' }, description: 'The custom metric’s name, e.g. refund_policy' };

/** A definition, and optionally the judge that writes its evaluation steps. */
function customMetricBody(): Record<string, unknown> {
  const schema = jsonSchema(gEvalDefinitionSchema) as { properties?: Record<string, unknown> };
  return { ...schema, properties: { ...schema.properties, judge: jsonSchema(judgeSelectionSchema) } };
}

/** The document served at /api/v1/openapi.json. */
export function openApiDocument(): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Turnwise API',
      version: '1',
      description:
        'Datasets, runs, per-turn results and comparisons, for scripts and CI. Every call acts in one project: a personal key’s own (naming another is a 403); with a session, the one `?project=<slug>` or the X-Turnwise-Project header names, else "default". A record of another project is a 404.',
    },
    servers: [{ url: '/api/v1' }],
    security: [{ bearer: [] }, { session: [] }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'A personal API key (tw_…), which opens its own project alone, or the service key TURNWISE_API_KEY (the project TURNWISE_PROJECT names)' },
        session: { type: 'apiKey', in: 'cookie', name: 'turnwise.session_token', description: 'A dashboard session' },
      },
      schemas: { Error: errorSchema },
      responses: Object.fromEntries(
        [
          [400, 'Bad input: error.field names the parameter, body path or file'],
          [401, 'No valid key or session'],
          [403, 'The key or user lacks the role this call needs in the project, or the key names another project than its own'],
          [404, 'No such dataset or run in the project'],
          [409, 'The run is not in a state that allows this'],
          [422, 'The server cannot serve this configuration (a judge without its key)'],
        ].map(([status, description]) => [
          `E${status}`,
          { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        ]),
      ),
    },
    paths: {
      '/datasets': {
        get: { summary: 'List datasets, newest first', parameters: queryParameters(datasetsQuerySchema), responses: { 200: json('A page of datasets'), ...errors(400, 401) } },
        post: { summary: 'Upload a dataset (streamed; nothing is stored unless the whole file is valid)', requestBody: multipartUpload, responses: { 201: json('The dataset'), ...errors(400, 401, 403) } },
      },
      '/runs': {
        get: { summary: 'List runs, newest first', parameters: queryParameters(runsQuerySchema), responses: { 200: json('A page of runs'), ...errors(400, 401) } },
        post: {
          summary: 'Start a run (queued for a worker)',
          requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(runRequestSchema) } } },
          responses: { 202: json('The queued run'), ...errors(400, 401, 403, 404, 422) },
        },
      },
      '/runs/import': {
        post: {
          summary:
            'Import a run scored elsewhere: a deepeval test_run_*.json (written to DEEPEVAL_RESULTS_FOLDER) sent as the body becomes a dataset version and a closed run with deepeval’s scores, as its client would have sent it; the same file again answers the same run',
          requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', description: 'deepeval’s TestRun: conversationalTestCases or testCases with their metricsData, metricsScores, identifier, hyperparameters…' } } } },
          responses: { 201: json('The stored run: { runId, link, stored, received, expected, repeated }'), 202: json('Part of a run whose other cases have not arrived'), ...errors(400, 401, 403) },
        },
      },
      '/runs/{id}': {
        get: { summary: 'A run: status, progress, per-metric summary (live while it goes on)', parameters: [runIdParameter], responses: { 200: json('The run'), ...errors(401, 404) } },
      },
      '/runs/{id}/results': {
        get: {
          summary: 'A page of the run’s results with their per-turn verdicts (turns count from 1)',
          parameters: [runIdParameter, ...queryParameters(pageQuerySchema)],
          responses: { 200: json('A page of results'), ...errors(400, 401, 404) },
        },
      },
      '/runs/{id}/export': {
        get: {
          summary: 'The run as a file: CSV of results or turn verdicts, or JSON (streamed)',
          parameters: [runIdParameter, ...queryParameters(runExportQuerySchema)],
          responses: { 200: { description: 'The file', content: { 'text/csv': {}, 'application/json': {} } }, ...errors(400, 401, 404) },
        },
      },
      '/runs/{id}/agreement': {
        get: {
          summary: 'Agreement of the run’s per-turn verdicts with people’s labels, per metric: Cohen’s κ (95% interval in ciLow/ciHigh), balanced accuracy, precision and recall of failing turns, confusion matrix',
          parameters: [runIdParameter],
          responses: { 200: json('Agreement by metric'), ...errors(401, 404) },
        },
      },
      '/runs/{id}/retry-errored': {
        post: { summary: 'Score again only the errored results of an ended run', parameters: [runIdParameter], responses: { 202: json('How many results were reopened'), ...errors(401, 403, 404, 409) } },
      },
      '/runs/{id}/cancel': {
        post: { summary: 'Cancel a queued or running run (calls in flight are aborted; stored results stay)', parameters: [runIdParameter], responses: { 200: json('The cancelled run'), ...errors(401, 403, 404, 409) } },
      },
      '/replays': {
        get: { summary: 'List replays, newest first', parameters: queryParameters(replaysQuerySchema), responses: { 200: json('The replays'), ...errors(400, 401) } },
        post: {
          summary: 'Replay a recorded dataset against a new model or your app (queued for a worker): a new dataset version, optionally evaluated',
          requestBody: replayBody,
          responses: { 202: json('The queued replay: { id, status, progress }'), ...errors(400, 401, 403, 404, 422) },
        },
      },
      '/replays/estimate': {
        post: {
          summary: 'What a replay would cost before it starts: target calls and tokens from the recorded text, judge calls, cost where prices are known',
          requestBody: replayBody,
          responses: { 200: json('The estimate'), ...errors(400, 401, 404, 422) },
        },
      },
      '/replays/{id}': {
        get: {
          summary: 'A replay: status (queued, running, finishing, completed, completed_with_errors, scoring_failed: the new version was made but its scoring could not start, failed, cancelled), progress {done, total, errors}, datasetId (the new version), runId (the evaluation), first errored turns',
          parameters: [replayIdParameter],
          responses: { 200: json('The replay'), ...errors(401, 404) },
        },
      },
      '/replays/{id}/cancel': {
        post: { summary: 'Cancel a queued or running replay (requests in flight are aborted; stored turns stay)', parameters: [replayIdParameter], responses: { 200: json('The cancelled replay'), ...errors(401, 403, 404, 409) } },
      },
      '/replays/{id}/retry': {
        post: { summary: 'Generate again the errored turns of an ended replay; it makes a new dataset version when done', parameters: [replayIdParameter], responses: { 202: json('How many turns were reopened'), ...errors(401, 403, 404, 409) } },
      },
      '/replays/{id}/rescore': {
        post: {
          summary: 'Score again the new version of a replay that ended "scoring_failed" (its version was made but its evaluation run could not start) or whose evaluation run failed; nothing is generated',
          parameters: [replayIdParameter],
          responses: { 202: json('The replay with the new evaluation run'), ...errors(400, 401, 403, 404, 409) },
        },
      },
      '/online-rules': {
        get: { summary: 'Online evaluation rules (capReached: the daily cost cap paused scoring until the next UTC day)', responses: { 200: json('The rules'), ...errors(401) } },
        post: { summary: 'Create an online evaluation rule: the worker scores closed production conversations into a run per UTC day and model version', requestBody: ruleBody(false), responses: { 201: json('The rule'), ...errors(400, 401, 403, 409) } },
      },
      '/online-rules/{id}': {
        get: { summary: 'A rule and its runs, newest day first (the run of superseded results last)', parameters: [ruleIdParameter], responses: { 200: json('The rule with runs'), ...errors(401, 404) } },
        patch: { summary: 'Change, pause or resume a rule', parameters: [ruleIdParameter], requestBody: ruleBody(true), responses: { 200: json('The rule'), ...errors(400, 401, 403, 404, 409) } },
        delete: { summary: 'Delete a rule (its runs stay)', parameters: [ruleIdParameter], responses: { 204: { description: 'Deleted' }, ...errors(401, 403, 404) } },
      },
      '/alerts': {
        get: { summary: 'Alert rules (destinations by kind, origin and last four characters)', responses: { 200: json('The rules'), ...errors(401) } },
        post: { summary: 'Create an alert rule: told once per crossing of its condition, and once more when it recovers', requestBody: alertBody(false), responses: { 201: json('The rule'), ...errors(400, 401, 403, 409) } },
      },
      '/alerts/{id}': {
        get: { summary: 'An alert rule, where each of its scopes stands (ok or firing) and its history, newest first: fired, resolved or test, value, link, delivery and attempts', parameters: [alertIdParameter], responses: { 200: json('The rule with states and history'), ...errors(401, 404) } },
        patch: { summary: 'Change, pause or resume an alert rule', parameters: [alertIdParameter], requestBody: alertBody(true), responses: { 200: json('The rule'), ...errors(400, 401, 403, 404, 409) } },
        delete: { summary: 'Delete an alert rule and its history', parameters: [alertIdParameter], responses: { 204: { description: 'Deleted' }, ...errors(401, 403, 404) } },
      },
      '/alerts/{id}/test': {
        post: { summary: 'Send a test alert ("test": true) to the rule\'s destination now, once; answers whether it was delivered', parameters: [alertIdParameter], responses: { 200: json('{eventId, delivered, status, error, ms}'), ...errors(401, 403, 404) } },
      },
      '/compare': {
        get: {
          summary: 'Compare candidate runs with a baseline, per metric, with paired-bootstrap intervals',
          parameters: queryParameters(compareQuerySchema).map((p) => ((p as { name: string }).name === 'candidate' ? { ...(p as object), explode: true } : p)),
          responses: { 200: json('The comparison'), ...errors(400, 401, 404) },
        },
      },
      '/metrics': {
        get: { summary: 'Custom metrics (G-Eval), each at its newest version', responses: { 200: json('The custom metrics'), ...errors(401) } },
        post: {
          summary: 'Define a custom metric, or a new version of one (the judge writes its evaluation steps when none are given)',
          requestBody: { required: true, content: { 'application/json': { schema: customMetricBody() } } },
          responses: { 200: json('The definition is unchanged: the newest version'), 201: json('The new version'), ...errors(400, 401, 403, 422) },
        },
      },
      '/metrics/{name}': {
        get: { summary: 'Every version of one custom metric, newest first', parameters: [metricNameParameter], responses: { 200: json('The versions'), ...errors(401, 404) } },
      },
      '/openapi.json': {
        get: { summary: 'This document', responses: { 200: json('The OpenAPI document'), ...errors(401) } },
      },
    },
  };
}
