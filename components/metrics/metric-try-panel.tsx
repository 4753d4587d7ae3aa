'use client';

import { useState } from 'react';
import { JudgePicker, type JudgeChoice } from '@/components/judges/judge-picker';
import { Button } from '@/components/ui/button';
import type { CustomMetricTrial } from '@/lib/custom-metrics/try-custom-metric';
import type { MetricEditorOptions } from '@/lib/custom-metrics/editor-options';
import { inputClass } from '@/components/ui/form-styles';
import { offlineJudgeRefusal } from '@/lib/metrics/llm-judge-refusal';
import { Field } from './editor-field';
import { MetricTrial } from './metric-trial';

interface Props {
  options: MetricEditorOptions;
  /** The metric's name as typed: the refusal names it. */
  metricName: string;
  judgeChoice: JudgeChoice;
  pending: boolean;
  trying: boolean;
  error: (field: string) => React.ReactNode;
  /** Asks the judge about one conversation with the definition as typed; shows the trial (null while it runs). */
  onTry: (target: { datasetId: string; conversation: number }, show: (trial: CustomMetricTrial | null) => void) => void;
}

/** The metric editor's trial: a judge, a conversation of a dataset, and the judge's answer on it. */
export function MetricTryPanel({ options, metricName, judgeChoice, pending, trying, error, onTry }: Props) {
  const [datasetId, setDatasetId] = useState(options.datasets[0]?.id ?? '');
  const [conversation, setConversation] = useState('1');
  const [trial, setTrial] = useState<CustomMetricTrial | null>(null);
  const dataset = options.datasets.find((d) => d.id === datasetId);
  // As a run refuses it, before the judge is asked: the offline judge cannot read the criteria.
  const refusal = offlineJudgeRefusal(judgeChoice.judge.kind, [{ name: metricName, custom: true }]);
  return (
    <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm" aria-label="Try it">
      <h2 className="text-sm font-semibold text-slate-700">Try it on a conversation</h2>
      <JudgePicker
        choice={judgeChoice}
        judges={options.judges}
        ids={{ judge: 'metric-judge', model: 'metric-model' }}
        modelSelect="with-choice"
        labelClass="font-medium text-slate-700"
        inputClass={inputClass}
        error={
          refusal ? (
            <span role="alert" className="mt-1 block text-xs text-rose-700" data-testid="try-needs-llm-judge">
              {refusal}
            </span>
          ) : (
            error('judge')
          )
        }
      />
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
      <Button onClick={() => onTry({ datasetId, conversation: Number(conversation) }, setTrial)} disabled={pending || options.datasets.length === 0 || refusal !== null}>
        {trying ? 'Asking the judge…' : 'Try on this conversation'}
      </Button>
      {trial ? <MetricTrial trial={trial} /> : null}
    </section>
  );
}
