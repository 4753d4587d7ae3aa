'use client';

import { useEffect, useMemo, useRef, useState, useTransition } from 'react';
import { estimateReplayAction, startReplayAction } from '@/lib/actions/replays';
import { type ReplayEstimate, type ReplayRequestInput } from '@/lib/replay';
import { metricLabel } from '@/lib/format/format';
import { offlineJudgeRefusal } from '@/lib/metrics/llm-judge-refusal';
import type { NewReplayOptions } from '@/lib/replay/page/load-new-replay-options';
import { inputClass, type FieldErrors } from '@/components/ui/form-styles';
import type { FormSubmit } from '@/components/ui/form-submit';
import { FormField } from './form-field';
import { ReplayEstimateView } from './replay-estimate';
import { EMPTY_TARGET, numberOrUnset, ReplayTargetFields, targetInput, type TargetValues } from './replay-target-fields';

export type NewReplayFormOptions = NewReplayOptions;

const TARGET_FIELDS = ['baseUrl', 'apiKeyEnv', 'connection', 'model', 'temperature', 'maxTokens', 'systemPrompt', 'url', 'secretEnv', 'timeoutMs'];
/** The request fields the form shows an error beside. */
const PLACED = new Set(['mode', 'maxTurns', 'judge', 'modelVersion', 'samples', 'concurrency', 'evaluate.compareWith', 'evaluate.metrics', 'evaluate.judge', ...TARGET_FIELDS.map((f) => `target.${f}`)]);

/**
 * The new-replay form: target, mode, model version, the optional scoring, and the estimate. With
 * `saveAs` it saves the request elsewhere (a schedule) instead of starting it; `lead` goes above
 * the target (the schedule's own fields).
 */
export function NewReplayForm({ options, saveAs, lead }: { options: NewReplayFormOptions; saveAs?: FormSubmit<ReplayRequestInput>; lead?: React.ReactNode }) {
  const [target, setTarget] = useState<TargetValues>(EMPTY_TARGET);
  const [mode, setMode] = useState<ReplayRequestInput['mode']>('teacher-forced');
  const [maxTurns, setMaxTurns] = useState('10');
  const [modelVersion, setModelVersion] = useState('');
  const [concurrency, setConcurrency] = useState('8');
  const [samples, setSamples] = useState('1');
  const [evaluate, setEvaluate] = useState(options.compareWith !== null || options.runs.length > 0);
  const [compareWith, setCompareWith] = useState(options.compareWith ?? options.runs[0]?.id ?? '');
  // The new-run form's default set (preselectMetric on the server).
  const [metrics, setMetrics] = useState<Record<string, boolean>>(() => Object.fromEntries(options.metrics.map((m) => [m.name, m.preselected])));
  const [judgeName, setJudgeName] = useState(options.defaultJudge);
  const judge = options.judges.find((j) => j.name === judgeName) ?? options.judges[0];
  // On-policy checks and the simulated user need an OpenAI-compatible judge of their own choosing.
  const modelJudges = options.judges.filter((j) => j.kind !== 'offline' && j.available);
  const [replayJudgeName, setReplayJudgeName] = useState(() => (modelJudges.some((j) => j.name === options.defaultJudge) ? options.defaultJudge : (modelJudges[0]?.name ?? '')));
  const replayJudge = modelJudges.find((j) => j.name === replayJudgeName) ?? null;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [submitting, startSubmit] = useTransition();
  const baseline = options.runs.find((r) => r.id === compareWith) ?? null;

  const input = useMemo<ReplayRequestInput>(
    () => ({
      datasetId: options.dataset.id,
      target: targetInput(target) as ReplayRequestInput['target'],
      mode,
      ...(mode === 'simulated-user' ? { maxTurns: numberOrUnset(maxTurns) } : {}),
      ...(mode !== 'teacher-forced' && replayJudge ? { judge: { kind: 'openai' as const, name: replayJudge.name, model: replayJudge.defaultModel } } : {}),
      modelVersion,
      samples: numberOrUnset(samples),
      concurrency: numberOrUnset(concurrency),
      ...(evaluate
        ? {
            evaluate: baseline
              ? { compareWith: baseline.id }
              : {
                  metrics: options.metrics.filter((m) => metrics[m.name]).map((m) => m.name),
                  judge: judge.kind === 'offline' ? { kind: 'offline' as const } : { kind: 'openai' as const, name: judge.name, model: judge.defaultModel },
                },
          }
        : {}),
    }),
    [options, target, mode, maxTurns, replayJudge, modelVersion, samples, concurrency, evaluate, baseline, metrics, judge],
  );

  // Refused here as the server refuses it, before a single target call: scoring these would fail once every turn is generated.
  const refusal = evaluate && !baseline ? offlineJudgeRefusal(judge.kind, options.metrics.filter((m) => metrics[m.name])) : null;
  const estimate = useEstimate(input);
  const inputKey = JSON.stringify(input);
  useEffect(() => {
    setErrors({});
    setMessage(null);
  }, [inputKey]);
  const shown: FieldErrors = { ...estimate.fieldErrors, ...errors };
  // Errors of fields the form has no input for (the dataset, an option of the compared run's metrics) go in the alert.
  const unplaced = Object.entries(errors).filter(([key]) => !PLACED.has(key));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    startSubmit(async () => {
      const result = saveAs ? await saveAs.action(input) : await startReplayAction(input);
      // On success the action opens the replay's page; only a refusal comes back.
      if (result && !result.ok) {
        setErrors(result.fieldErrors ?? {});
        setMessage(result.message ?? (saveAs ? 'It could not be saved.' : 'The replay could not be started.'));
      }
    });
  };

  const radio = 'h-4 w-4 accent-indigo-600';
  return (
    <form onSubmit={submit} className="grid gap-6 lg:grid-cols-3" noValidate aria-label="New replay">
      <div className="space-y-4 lg:col-span-2">
        {lead}
        <ReplayTargetFields value={target} onChange={setTarget} connections={options.connections} errors={shown} />

        <fieldset className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <legend className="px-1 text-sm font-semibold text-slate-700">Replay</legend>
          <div className="space-y-2 text-sm" role="radiogroup" aria-label="Mode">
            <label className="flex items-start gap-2">
              <input type="radio" name="mode" className={`${radio} mt-0.5`} checked={mode === 'teacher-forced'} onChange={() => setMode('teacher-forced')} />
              <span>
                <span className="font-medium">Teacher-forced</span>
                <span className="block text-xs text-slate-500">Each assistant turn is regenerated from the recorded history up to it; turns run in parallel.</span>
              </span>
            </label>
            <label className="flex items-start gap-2">
              <input type="radio" name="mode" className={`${radio} mt-0.5`} checked={mode === 'on-policy'} onChange={() => setMode('on-policy')} />
              <span>
                <span className="font-medium">On-policy</span>
                <span className="block text-xs text-slate-500">
                  The history carries the new replies; a judge checks that each next recorded user turn still fits, and marks the conversation off-script where it does not.
                </span>
              </span>
            </label>
            <label className="flex items-start gap-2">
              <input type="radio" name="mode" className={`${radio} mt-0.5`} checked={mode === 'simulated-user'} onChange={() => setMode('simulated-user')} />
              <span>
                <span className="font-medium">Simulated user</span>
                <span className="block text-xs text-slate-500">
                  A judge plays the user from each conversation&apos;s scenario and expected outcome until it says the goal is met or failed; conversations without a scenario are skipped.
                </span>
              </span>
            </label>
            {mode === 'simulated-user' ? (
              <FormField id="replay-maxTurns" label="Exchanges at most" name="maxTurns" errors={shown} help="Per conversation: a user message and its reply (1 to 50).">
                <input id="replay-maxTurns" type="number" min={1} max={50} value={maxTurns} onChange={(e) => setMaxTurns(e.target.value)} className={inputClass} aria-invalid={shown.maxTurns ? true : undefined} />
              </FormField>
            ) : null}
            {mode !== 'teacher-forced' ? (
              <FormField
                id="replay-replayJudge"
                label={mode === 'simulated-user' ? 'Judge playing the user' : 'Judge checking the user turns fit'}
                name="judge"
                errors={{}}
                help={modelJudges.length ? 'An OpenAI-compatible judge or connection.' : 'Add a judge connection (Admin → Connections) or set OPENAI_API_KEY: the offline judge cannot do this.'}
              >
                <select id="replay-replayJudge" value={replayJudgeName} onChange={(e) => setReplayJudgeName(e.target.value)} className={inputClass} disabled={modelJudges.length === 0}>
                  {modelJudges.map((j) => (
                    <option key={j.name} value={j.name}>
                      {j.name} · {j.defaultModel}
                    </option>
                  ))}
                </select>
              </FormField>
            ) : null}
            {shown.mode || shown.judge ? <span className="block text-xs text-rose-700">{[...(shown.mode ?? []), ...(shown.judge ?? [])].join(' ')}</span> : null}
          </div>
          <div className="grid gap-3 sm:grid-cols-3">
            <FormField id="replay-modelVersion" label="New model version" name="modelVersion" errors={shown} help="The label of the new dataset version and of its run.">
              <input id="replay-modelVersion" type="text" value={modelVersion} onChange={(e) => setModelVersion(e.target.value)} placeholder="e.g. support-bot v3" className={inputClass} aria-invalid={shown.modelVersion ? true : undefined} />
            </FormField>
            <FormField id="replay-concurrency" label="Concurrency" name="concurrency" errors={shown} help="Target requests in flight at once.">
              <input id="replay-concurrency" type="number" min={1} max={256} value={concurrency} onChange={(e) => setConcurrency(e.target.value)} className={inputClass} aria-invalid={shown.concurrency ? true : undefined} />
            </FormField>
            <FormField id="replay-samples" label="Samples per turn" name="samples" errors={shown} help="1 to 5: the first is the new version's turn; the others show how much generations differ, never scored.">
              <input id="replay-samples" type="number" min={1} max={5} value={samples} onChange={(e) => setSamples(e.target.value)} className={inputClass} aria-invalid={shown.samples ? true : undefined} />
            </FormField>
          </div>
        </fieldset>

        <fieldset className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <legend className="px-1 text-sm font-semibold text-slate-700">Scoring</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className={radio} checked={evaluate} onChange={(e) => setEvaluate(e.target.checked)} />
            Score the new version when the replay ends
          </label>
          {evaluate ? (
            <>
              <FormField
                id="replay-compareWith"
                label="Compare with"
                name="evaluate.compareWith"
                errors={shown}
                help={
                  baseline ? (
                    <>
                      Scored like that run: {baseline.metrics.map(metricLabel).join(', ')} · judge {baseline.judge}. Compare opens with it as baseline.
                      {baseline.judgeScope ? <span className="mt-1 block">{baseline.judgeScope}</span> : null}
                    </>
                  ) : (
                    'Choose the metrics and the judge below.'
                  )
                }
              >
                <select id="replay-compareWith" value={compareWith} onChange={(e) => setCompareWith(e.target.value)} className={inputClass}>
                  {options.runs.map((r) => (
                    <option key={r.id} value={r.id}>
                      Run {r.label}
                    </option>
                  ))}
                  <option value="">No run: pick metrics and judge</option>
                </select>
              </FormField>
              {baseline ? null : (
                <div className="grid gap-3 sm:grid-cols-2">
                  <fieldset className="text-sm">
                    <legend className="font-medium text-slate-700">Metrics</legend>
                    <div className="mt-1 space-y-1">
                      {options.metrics.map((m) => (
                        <label key={m.name} className={`flex items-center gap-2 ${m.conversations > 0 ? '' : 'text-slate-400'}`}>
                          <input type="checkbox" className={radio} checked={!!metrics[m.name]} disabled={m.conversations === 0} onChange={(e) => setMetrics((s) => ({ ...s, [m.name]: e.target.checked }))} />
                          {metricLabel(m.name)}
                        </label>
                      ))}
                    </div>
                    {refusal ? (
                      <span role="alert" className="mt-1 block text-xs text-rose-700" data-testid="needs-llm-judge-refusal">
                        {refusal}
                      </span>
                    ) : shown['evaluate.metrics'] ? (
                      <span className="block text-xs text-rose-700">Metrics: {shown['evaluate.metrics'].join(' ')}</span>
                    ) : null}
                  </fieldset>
                  <FormField id="replay-judge" label="Judge" name="evaluate.judge" errors={shown} help={judge.scope ?? undefined}>
                    <select id="replay-judge" value={judge.name} onChange={(e) => setJudgeName(e.target.value)} className={inputClass}>
                      {options.judges.map((j) => (
                        <option key={j.name} value={j.name} disabled={!j.available}>
                          {j.kind === 'offline' ? j.label : `${j.label} · ${j.defaultModel}`}
                          {j.available ? '' : ' (no API key on the server)'}
                        </option>
                      ))}
                    </select>
                  </FormField>
                </div>
              )}
            </>
          ) : null}
        </fieldset>
      </div>

      <div className="space-y-4 lg:sticky lg:top-6 lg:self-start">
        <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm" aria-label="Estimate">
          <h2 className="text-sm font-semibold text-slate-700">Estimate</h2>
          <ReplayEstimateView estimate={estimate.data} loading={estimate.loading} error={estimate.error} />
        </section>
        {message ? (
          <div role="alert" className="text-sm text-rose-700">
            <p>{message}</p>
            {unplaced.map(([key, messages]) => (
              <p key={key}>
                {key}: {messages.join(' ')}
              </p>
            ))}
          </div>
        ) : null}
        <button
          type="submit"
          disabled={submitting || refusal !== null}
          className="w-full rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700 disabled:opacity-60"
        >
          {submitting ? (saveAs?.busyLabel ?? 'Starting…') : (saveAs?.label ?? 'Start replay')}
        </button>
      </div>
    </form>
  );
}

interface EstimateState {
  data: ReplayEstimate | null;
  loading: boolean;
  error: string | null;
  fieldErrors?: FieldErrors;
}

/** The server's estimate for the current input, asked again 400 ms after the last change. */
function useEstimate(input: ReplayRequestInput): EstimateState {
  const [state, setState] = useState<EstimateState>({ data: null, loading: false, error: null });
  const latest = useRef(0);
  // The label and concurrency change nothing in the estimate.
  const key = JSON.stringify({ ...input, modelVersion: 'estimate', concurrency: undefined });
  const target = input.target as { baseUrl?: string; url?: string; connection?: string; model?: string };
  const ready = Boolean((target.baseUrl || target.url || target.connection) && (input.target.kind === 'http' || target.model));
  useEffect(() => {
    const request = ++latest.current;
    if (!ready) {
      setState({ data: null, loading: false, error: null });
      return;
    }
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(async () => {
      try {
        const result = await estimateReplayAction(JSON.parse(key) as ReplayRequestInput);
        if (request !== latest.current) return;
        if (result.ok && result.estimate) setState({ data: result.estimate, loading: false, error: null });
        else setState({ data: null, loading: false, error: result.message ?? 'Fix the highlighted fields to see the estimate.', fieldErrors: result.fieldErrors });
      } catch {
        if (request === latest.current) setState((s) => ({ ...s, loading: false, error: 'The estimate could not be computed.' }));
      }
    }, 400);
    return () => clearTimeout(timer);
  }, [key, ready]);
  return state;
}
