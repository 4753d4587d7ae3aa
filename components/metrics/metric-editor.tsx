'use client';

import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { saveMetricAction, tryMetricAction, writeStepsAction, type CustomMetricTrial, type MetricEditorInput } from '@/lib/actions/custom-metrics';
import type { MetricEditorOptions } from '@/lib/custom-metrics/editor-options';
import { DEFINITION_LIMITS } from '@/lib/metrics/g-eval/definition';
import { MetricTrial } from './metric-trial';
import { RubricEditor, type RubricRow } from './rubric-editor';

// Plain data from the server module that builds it (type-only: erased in the browser).
export type EditorOptions = MetricEditorOptions;
type Errors = Record<string, string[]>;

const inputClass = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm';
const numberOrText = (text: string): unknown => (text.trim() === '' || !Number.isFinite(Number(text)) ? text : Number(text));

/** A labelled input whose help text describes it without being part of its name. */
function Field({ id, label, help, error, children }: { id: string; label: string; help?: string; error: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="block text-sm">
      <label htmlFor={id} className="font-medium text-slate-700">
        {label}
      </label>
      {children}
      {help ? (
        <span id={`${id}-help`} className="block text-xs text-slate-500">
          {help}
        </span>
      ) : null}
      {error}
    </div>
  );
}

/**
 * Writes a custom metric: criteria, the evaluation steps the judge writes from them (editable),
 * an optional rubric, the fields the judge sees, and how it passes; tried on a conversation before
 * it is saved as a new version.
 */
export function MetricEditor({ options, copy = false }: { options: EditorOptions; copy?: boolean }) {
  const current = options.current?.definition;
  // Someone else's metric: its definition as the start of a copy under a new name.
  const [name, setName] = useState(current ? (copy ? `${current.name.slice(0, 58)}_copy` : current.name) : '');
  const [scope, setScope] = useState<'conversation' | 'turn'>(current?.scope ?? 'conversation');
  const [criteria, setCriteria] = useState(current?.criteria ?? '');
  const [steps, setSteps] = useState((current?.evaluationSteps ?? []).join('\n'));
  const [rubric, setRubric] = useState<RubricRow[]>((current?.rubric ?? []).map((r) => ({ from: String(r.range[0]), to: String(r.range[1]), meaning: r.meaning })));
  const [fields, setFields] = useState<string[]>((current?.fields ?? []).filter((f) => f !== 'content' && f !== 'role'));
  const [windowSize, setWindowSize] = useState(String(current?.windowSize ?? 3));
  const [threshold, setThreshold] = useState(String(current?.threshold ?? 0.5));
  const [strictMode, setStrictMode] = useState(current?.strictMode ?? false);
  const [judgeName, setJudgeName] = useState(options.defaultJudge);
  const judge = options.judges.find((j) => j.name === judgeName) ?? options.judges[0];
  const [model, setModel] = useState(judge.defaultModel);
  const [datasetId, setDatasetId] = useState(options.datasets[0]?.id ?? '');
  const [conversation, setConversation] = useState('1');
  const [trial, setTrial] = useState<CustomMetricTrial | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const [busy, setBusy] = useState<'steps' | 'try' | 'save' | null>(null);

  const stepList = steps
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);
  const definition: Record<string, unknown> = {
    name: name.trim(),
    scope,
    ...(criteria.trim() ? { criteria } : {}),
    ...(stepList.length ? { evaluationSteps: stepList } : {}),
    ...(rubric.length ? { rubric: rubric.map((r) => ({ range: [numberOrText(r.from), numberOrText(r.to)], meaning: r.meaning })) } : {}),
    fields,
    ...(scope === 'turn' ? { windowSize: numberOrText(windowSize) } : {}),
    threshold: numberOrText(threshold),
    strictMode,
  };
  const input: MetricEditorInput = { definition, judge: judge.kind === 'offline' ? { kind: 'offline' } : { kind: 'openai', name: judge.name, model } };

  const act = (what: 'steps' | 'try' | 'save', run: () => Promise<{ ok: boolean; fieldErrors?: Errors; message?: string } | undefined>) => {
    setBusy(what);
    setErrors({});
    setMessage(null);
    start(async () => {
      const result = await run();
      setBusy(null);
      // A successful save opens the metric's page; only a refusal comes back.
      if (result && !result.ok) {
        setErrors(result.fieldErrors ?? {});
        setMessage(result.message ?? 'That did not work.');
      }
    });
  };
  const writeSteps = () =>
    act('steps', async () => {
      const result = await writeStepsAction(input);
      if (result.ok && result.steps) setSteps(result.steps.join('\n'));
      return result;
    });
  const tryIt = () =>
    act('try', async () => {
      setTrial(null);
      const result = await tryMetricAction({ ...input, datasetId, conversation: Number(conversation) });
      if (result.ok && result.trial) {
        setTrial(result.trial);
        // The steps the judge wrote for the trial are the ones a save keeps.
        if (result.trial.stepsWritten) setSteps((result.trial.definition.evaluationSteps ?? []).join('\n'));
      }
      return result;
    });
  const save = () => act('save', () => saveMetricAction(input));

  const error = (field: string) => {
    const found = Object.entries(errors).find(([key]) => key === field || key.startsWith(`${field}.`));
    return found ? <span className="mt-1 block text-xs text-rose-700">{found[1].join(' ')}</span> : null;
  };
  const editing = options.current !== null && !copy;
  const dataset = options.datasets.find((d) => d.id === datasetId);

  return (
    <form
      className="grid gap-6 lg:grid-cols-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <div className="space-y-4 lg:col-span-2">
        <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id="metric-name" label="Name" help="Lower-case letters, digits and “_”; runs, exports and the CLI use it." error={error('name')}>
              <input
                id="metric-name"
                name="name"
                value={name}
                onChange={(e) => setName(e.target.value)}
                readOnly={editing}
                aria-describedby="metric-name-help"
                placeholder="refund_policy"
                className={`${inputClass} font-mono ${editing ? 'bg-slate-50 text-slate-500' : ''}`}
              />
            </Field>
            <fieldset className="text-sm">
              <legend className="font-medium text-slate-700">Judges</legend>
              {(['conversation', 'turn'] as const).map((s) => (
                <div key={s} className="mt-1 flex items-start gap-2">
                  <input
                    id={`metric-scope-${s}`}
                    type="radio"
                    name="scope"
                    value={s}
                    checked={scope === s}
                    disabled={editing && scope !== s}
                    onChange={() => setScope(s)}
                    aria-describedby={`metric-scope-${s}-help`}
                    className="mt-1 accent-indigo-600"
                  />
                  <span>
                    <label htmlFor={`metric-scope-${s}`}>{s === 'conversation' ? 'The whole conversation' : 'Each assistant turn'}</label>
                    <span id={`metric-scope-${s}-help`} className="block text-xs text-slate-500">
                      {s === 'conversation'
                        ? 'One judgement; the judge names the turns that cost points.'
                        : 'Each reply with a window of earlier exchanges; the score is their mean.'}
                    </span>
                  </span>
                </div>
              ))}
              {error('scope')}
            </fieldset>
          </div>
          <Field id="metric-criteria" label="Criteria" error={error('criteria')}>
            <textarea
              id="metric-criteria"
              name="criteria"
              value={criteria}
              onChange={(e) => setCriteria(e.target.value)}
              maxLength={DEFINITION_LIMITS.criteriaChars}
              rows={4}
              placeholder="The assistant states the refund policy correctly: refunds within 30 days with a receipt, store credit after that, never cash without a receipt."
              className={inputClass}
            />
          </Field>
          <div className="text-sm">
            <div className="flex items-end justify-between gap-3">
              <label htmlFor="metric-steps" className="font-medium text-slate-700">
                Evaluation steps
              </label>
              <Button onClick={writeSteps} disabled={pending || !criteria.trim()}>
                {busy === 'steps' ? 'Writing…' : 'Write steps from criteria'}
              </Button>
            </div>
            <textarea
              id="metric-steps"
              name="evaluationSteps"
              value={steps}
              onChange={(e) => setSteps(e.target.value)}
              maxLength={DEFINITION_LIMITS.steps * (DEFINITION_LIMITS.stepChars + 1)}
              rows={5}
              aria-describedby="metric-steps-help"
              className={`${inputClass} font-mono text-xs`}
            />
            <span id="metric-steps-help" className="block text-xs text-slate-500">
              One per line, editable. Left blank, the judge writes them from the criteria when you save (one call), and the version keeps them.
            </span>
            {error('evaluationSteps')}
          </div>
          <RubricEditor rows={rubric} onChange={setRubric} error={error('rubric')} />
        </section>

        <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <h2 className="text-sm font-semibold text-slate-700">What the judge sees, and how a result passes</h2>
          <fieldset className="text-sm">
            <legend className="text-slate-700">Each turn’s content and role, and:</legend>
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {options.fields.map((f) => (
                <label key={f.key} className="flex items-center gap-1.5">
                  <input
                    type="checkbox"
                    checked={fields.includes(f.key)}
                    onChange={(e) => setFields((all) => (e.target.checked ? [...all, f.key] : all.filter((x) => x !== f.key)))}
                    className="accent-indigo-600"
                  />
                  {f.label}
                </label>
              ))}
            </div>
            <span className="block text-xs text-slate-500">A run leaves out conversations that lack a field named here.</span>
            {error('fields')}
          </fieldset>
          <div className="grid gap-3 sm:grid-cols-3">
            {scope === 'turn' ? (
              <Field id="metric-window" label="Window size" help="Exchanges shown as context, the judged one included." error={error('windowSize')}>
                <input
                  id="metric-window"
                  name="windowSize"
                  type="number"
                  min={1}
                  max={50}
                  value={windowSize}
                  onChange={(e) => setWindowSize(e.target.value)}
                  aria-describedby="metric-window-help"
                  className={inputClass}
                />
              </Field>
            ) : null}
            <Field id="metric-threshold" label="Threshold" help="Minimum score to pass (0–1)." error={error('threshold')}>
              <input
                id="metric-threshold"
                name="threshold"
                type="number"
                min={0}
                max={1}
                step={0.05}
                value={threshold}
                onChange={(e) => setThreshold(e.target.value)}
                aria-describedby="metric-threshold-help"
                className={inputClass}
              />
            </Field>
            <div className="flex items-center gap-2 self-center whitespace-nowrap text-sm">
              <input id="metric-strict" type="checkbox" name="strictMode" checked={strictMode} onChange={(e) => setStrictMode(e.target.checked)} className="accent-indigo-600" />
              <label htmlFor="metric-strict">Strict mode</label> <span className="text-xs text-slate-500">(pass only at the top score)</span>
            </div>
          </div>
        </section>
      </div>

      <div className="space-y-4 lg:sticky lg:top-6 lg:self-start">
        <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm" aria-label="Try it">
          <h2 className="text-sm font-semibold text-slate-700">Try it on a conversation</h2>
          <Field id="metric-judge" label="Judge" error={error('judge')}>
            <select
              id="metric-judge"
              value={judge.name}
              onChange={(e) => {
                const next = options.judges.find((j) => j.name === e.target.value);
                if (!next) return;
                setJudgeName(next.name);
                setModel(next.defaultModel);
              }}
              className={inputClass}
            >
              {options.judges.map((j) => (
                <option key={j.name} value={j.name} disabled={!j.available}>
                  {j.kind === 'offline' ? 'Offline (keyword heuristic, no key)' : j.name}
                  {j.available ? '' : ' (no API key on the server)'}
                </option>
              ))}
            </select>
          </Field>
          {judge.models.length > 1 ? (
            <Field id="metric-model" label="Judge model" error={null}>
              <select id="metric-model" value={model} onChange={(e) => setModel(e.target.value)} className={inputClass}>
                {judge.models.map((m) => (
                  <option key={m}>{m}</option>
                ))}
              </select>
            </Field>
          ) : null}
          {options.datasets.length === 0 ? (
            <p className="text-xs text-slate-500">Import a dataset to try the metric on one of its conversations.</p>
          ) : (
            <div className="grid grid-cols-[minmax(0,1fr)_6rem] gap-2">
              <Field id="metric-dataset" label="Dataset" error={null}>
                <select id="metric-dataset" value={datasetId} onChange={(e) => setDatasetId(e.target.value)} className={inputClass}>
                  {options.datasets.map((d) => (
                    <option key={d.id} value={d.id}>
                      {d.name}
                    </option>
                  ))}
                </select>
              </Field>
              <Field id="metric-conversation" label="Conversation" error={null}>
                <input id="metric-conversation" type="number" min={1} max={dataset?.conversationCount} value={conversation} onChange={(e) => setConversation(e.target.value)} className={inputClass} />
              </Field>
              <div className="col-span-2">{error('conversation')}</div>
            </div>
          )}
          <Button onClick={tryIt} disabled={pending || options.datasets.length === 0}>
            {busy === 'try' ? 'Asking the judge…' : 'Try on this conversation'}
          </Button>
          {trial ? <MetricTrial trial={trial} /> : null}
        </section>
        {message ? (
          <p role="alert" className="text-sm text-rose-700">
            {message}
          </p>
        ) : null}
        <Button type="submit" variant="primary" disabled={pending} className="w-full">
          {busy === 'save' ? 'Saving…' : editing ? `Save as version ${options.current!.version + 1}` : copy ? 'Save as my copy' : 'Save metric'}
        </Button>
        {editing ? <p className="text-xs text-slate-500">Runs keep the version they used; a new version changes no stored result.</p> : null}
      </div>
    </form>
  );
}
