'use client';

import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { saveMetricAction, tryMetricAction, writeStepsAction, type MetricEditorInput } from '@/lib/actions/custom-metrics';
import { type CustomMetricTrial } from '@/lib/custom-metrics/try-custom-metric';
import type { MetricEditorOptions } from '@/lib/custom-metrics/editor-options';
import { useJudgeChoice } from '@/components/judges/judge-picker';
import { DEFINITION_LIMITS } from '@/lib/metrics/g-eval/definition';
import { offlineJudgeRefusal } from '@/lib/metrics/llm-judge-refusal';
import { inputClass } from '@/components/ui/form-styles';
import { Field } from './editor-field';
import { MetricTryPanel } from './metric-try-panel';
import { RubricEditor } from './rubric-editor';
import { useDefinitionDraft } from './use-definition-draft';

// Plain data from the server module that builds it (type-only: erased in the browser).
export type EditorOptions = MetricEditorOptions;
type Errors = Record<string, string[]>;

/**
 * Writes a custom metric: criteria, the evaluation steps the judge writes from them (editable),
 * an optional rubric, the fields the judge sees, and how it passes; tried on a conversation before
 * it is saved as a new version.
 */
export function MetricEditor({ options, copy = false }: { options: EditorOptions; copy?: boolean }) {
  const draft = useDefinitionDraft(options.current, copy);
  const { name, setName, scope, setScope, criteria, setCriteria, steps, setSteps, rubric, setRubric, fields, setFields, windowSize, setWindowSize, threshold, setThreshold, strictMode, setStrictMode, definition } = draft;
  const judgeChoice = useJudgeChoice(options.judges, options.defaultJudge);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const [busy, setBusy] = useState<'steps' | 'try' | 'save' | null>(null);

  const input: MetricEditorInput = { definition, judge: judgeChoice.request };

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
  const tryIt = (target: { datasetId: string; conversation: number }, show: (trial: CustomMetricTrial | null) => void) =>
    act('try', async () => {
      show(null);
      const result = await tryMetricAction({ ...input, ...target });
      if (result.ok && result.trial) {
        show(result.trial);
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
  // The try-it panel shows this itself (a run would refuse the pair in the same words).
  const tryRefusal = offlineJudgeRefusal(judgeChoice.judge.kind, [{ name: name.trim() || 'This metric', custom: true }]);

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
        <MetricTryPanel options={options} metricName={name.trim() || 'This metric'} judgeChoice={judgeChoice} pending={pending} trying={busy === 'try'} error={error} onTry={tryIt} />
        {message && message !== tryRefusal ? (
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
