import type { RunVerdictsToExport } from '../db/queries/eval-export/list-run-verdicts-to-export';

/** One gen_ai.evaluation.result event, with the span of the evaluated LLM call as its parent. */
export interface EvaluationEvent {
  traceId: string;
  spanId: string;
  attributes: Record<string, string | number>;
}

interface OtelSpan {
  traceId: string;
  spanId: string;
  responseId?: string;
}

const HEX_TRACE = /^[0-9a-f]{32}$/;
const HEX_SPAN = /^[0-9a-f]{16}$/;

/** The `otel` span materialize stored in a live assistant turn's metadata, when valid. */
function spanOf(metadata: unknown): OtelSpan | null {
  const otel = (metadata as { otel?: Partial<OtelSpan> } | null)?.otel;
  if (!otel || typeof otel.traceId !== 'string' || typeof otel.spanId !== 'string') return null;
  if (!HEX_TRACE.test(otel.traceId) || !HEX_SPAN.test(otel.spanId)) return null;
  return { traceId: otel.traceId, spanId: otel.spanId, ...(typeof otel.responseId === 'string' ? { responseId: otel.responseId } : {}) };
}

/** Low-cardinality labels, as the convention asks: a turn's yes/no/idk, a result's pass/fail. */
const TURN_LABEL: Record<string, string> = { yes: 'pass', no: 'fail', idk: 'undecided' };

/**
 * The events of a run: one per turn verdict, on the LLM call that produced the turn (a verdict on a
 * user turn goes to the answer that follows it, the same call), and one per result (the metric's
 * score of the whole conversation) on the conversation's last answer. Verdicts whose turn has no
 * stored span are counted as skipped.
 */
export function buildEvaluationEvents(run: RunVerdictsToExport): { events: EvaluationEvent[]; skipped: number } {
  const events: EvaluationEvent[] = [];
  let skipped = 0;
  for (const result of run.results) {
    const spans = new Map(result.assistantTurns.map((t) => [t.index, spanOf(t.metadata)]));
    const common = {
      ...(result.conversationExternalId ? { 'gen_ai.conversation.id': result.conversationExternalId } : {}),
      ...(run.modelVersion ? { 'turnwise.model_version': run.modelVersion } : {}),
      'turnwise.run.id': run.runId,
    };
    const push = (span: OtelSpan | null | undefined, attributes: Record<string, string | number>) => {
      if (!span) {
        skipped += 1;
        return;
      }
      events.push({ traceId: span.traceId, spanId: span.spanId, attributes: { ...attributes, ...(span.responseId ? { 'gen_ai.response.id': span.responseId } : {}), ...common } });
    };
    for (const v of result.verdicts) {
      const span = spans.get(v.turnIndex) ?? spans.get(v.turnIndex + 1);
      push(span, {
        'gen_ai.evaluation.name': result.metric,
        ...(v.score !== null ? { 'gen_ai.evaluation.score.value': v.score } : {}),
        ...(v.verdict === 'error' ? { 'error.type': 'judge_error' } : { 'gen_ai.evaluation.score.label': TURN_LABEL[v.verdict] ?? v.verdict }),
        'gen_ai.evaluation.explanation': v.reason,
        'turnwise.turn.index': v.turnIndex,
      });
    }
    const last = result.assistantTurns.at(-1);
    push(last ? spans.get(last.index) : null, {
      'gen_ai.evaluation.name': result.metric,
      ...(result.score !== null ? { 'gen_ai.evaluation.score.value': result.score } : {}),
      ...(result.error ? { 'error.type': 'judge_error' } : { 'gen_ai.evaluation.score.label': result.success ? 'pass' : 'fail' }),
      ...(result.reason ?? result.error ? { 'gen_ai.evaluation.explanation': (result.reason ?? result.error) as string } : {}),
      'turnwise.evaluation.scope': 'conversation',
    });
  }
  return { events, skipped };
}
