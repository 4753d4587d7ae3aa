import { ROOT_CONTEXT, trace, TraceFlags } from '@opentelemetry/api';
import { SeverityNumber } from '@opentelemetry/api-logs';
import { ExportResultCode } from '@opentelemetry/core';
import { OTLPLogExporter } from '@opentelemetry/exporter-logs-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchLogRecordProcessor, LoggerProvider, type LogRecordExporter } from '@opentelemetry/sdk-logs';
import type { Db } from '../db/db-types';
import { listRunVerdictsToExport } from '../db/queries/eval-export/list-run-verdicts-to-export';
import { runExportedUpTo, saveRunEvalExport } from '../db/queries/eval-export/save-run-eval-export';
import { adminPolicy, checkedLookup, classifyAddress, readEgressSettings, resolveChecked, type EgressPolicy } from '../llm/egress';
import { redactSecrets } from '../redact-secrets';
import { buildEvaluationEvents, type EvaluationEvent } from './build-evaluation-events';
import { evalExportSettings, type EvalExportSettings } from './eval-export-settings';

const EXPORT_TIMEOUT_MS = 10_000;
const BATCH = 512;

/**
 * The exporter's connections go through the egress check: the endpoint is the operator's
 * (TURNWISE_EVAL_EXPORT_OTLP_ENDPOINT), so it may be on this network, but a metadata address only
 * if TURNWISE_EGRESS_ALLOW lists it. The name is looked up once, checked, and connected to as
 * checked; an IP literal (which Node does not look up) is checked before anything is sent. The
 * exporter follows no redirect, so its headers never leave the endpoint's origin.
 */
async function checkedAgent(url: string, policy: EgressPolicy) {
  const { hostname, protocol } = new URL(url);
  // A name is left to the agent's lookup, at connection time.
  if (classifyAddress(hostname)) await resolveChecked(hostname, policy);
  const { Agent } = protocol === 'https:' ? await import('node:https') : await import('node:http');
  return new Agent({ keepAlive: true, lookup: checkedLookup(policy) });
}

/** Sends the events through the OpenTelemetry logs SDK and its OTLP/HTTP protobuf exporter; the first failure, or null. */
async function send(settings: EvalExportSettings, events: EvaluationEvent[], policy: EgressPolicy): Promise<string | null> {
  const agent = await checkedAgent(settings.url, policy);
  const exporter = new OTLPLogExporter({ url: settings.url, headers: settings.headers, timeoutMillis: EXPORT_TIMEOUT_MS, httpAgentOptions: () => agent });
  let failure: string | null = null;
  // The SDK's processors only log a failed export; this passes each result on after noting it.
  const noting: LogRecordExporter = {
    export(records, done) {
      exporter.export(records, (result) => {
        if (result.code !== ExportResultCode.SUCCESS) {
          // OTLPExporterError carries the HTTP status as `code`.
          const status = (result.error as { code?: unknown } | undefined)?.code;
          failure ??= `${typeof status === 'number' ? `HTTP ${status}: ` : ''}${result.error?.message ?? 'the endpoint refused the export'}`;
        }
        done(result);
      });
    },
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush(),
  };
  const provider = new LoggerProvider({
    resource: resourceFromAttributes({ 'service.name': 'turnwise' }),
    processors: [new BatchLogRecordProcessor({ exporter: noting, maxExportBatchSize: BATCH, maxQueueSize: Math.max(events.length, BATCH), exportTimeoutMillis: EXPORT_TIMEOUT_MS })],
  });
  const logger = provider.getLogger('turnwise.evaluation');
  const now = Date.now();
  for (const event of events) {
    const parent = trace.setSpanContext(ROOT_CONTEXT, { traceId: event.traceId, spanId: event.spanId, traceFlags: TraceFlags.SAMPLED, isRemote: true });
    logger.emit({ eventName: 'gen_ai.evaluation.result', severityNumber: SeverityNumber.INFO, timestamp: now, context: parent, attributes: event.attributes });
  }
  try {
    await provider.forceFlush();
  } finally {
    await provider.shutdown();
    agent.destroy();
  }
  return failure;
}

/**
 * When TURNWISE_EVAL_EXPORT_OTLP_ENDPOINT is set and the run scored a live (OTLP-fed) dataset,
 * exports its verdicts as gen_ai.evaluation.result events parented to the evaluated spans and
 * records how it went (RunEvalExport). Never throws: a failed export is logged and recorded,
 * the run is unaffected.
 */
export async function exportRunEvaluations(db: Db, runId: string, env: Record<string, string | undefined>, log: (message: string) => void = console.error): Promise<void> {
  let settings: EvalExportSettings | null;
  try {
    settings = evalExportSettings(env);
  } catch (error) {
    log(`run ${runId}: evaluation results not exported: ${(error as Error).message}`);
    return;
  }
  if (!settings) return;
  const endpoint = settings.url;
  try {
    // Results stored before this moment are the ones sent now; a later close sends the rest.
    const upTo = new Date();
    const run = await listRunVerdictsToExport(db, runId, (await runExportedUpTo(db, runId)) ?? undefined);
    if (!run) return;
    const { events, skipped } = buildEvaluationEvents(run);
    const failure = events.length ? await send(settings, events, adminPolicy(readEgressSettings(env))) : null;
    if (failure) log(`run ${runId}: evaluation results not exported to ${endpoint}: ${failure}`);
    await saveRunEvalExport(db, runId, { endpoint, events: failure ? 0 : events.length, skipped, error: failure ? redactSecrets(failure).slice(0, 1000) : null }, upTo);
  } catch (error) {
    const message = redactSecrets((error as Error).message).slice(0, 1000);
    log(`run ${runId}: evaluation results not exported to ${endpoint}: ${message}`);
    await saveRunEvalExport(db, runId, { endpoint, events: 0, skipped: 0, error: message }, new Date()).catch(() => undefined);
  }
}
