'use client';

import { useMemo, useState } from 'react';
import type { JudgeInfo } from '@/lib/judge/config';
import { JudgeScope } from './judge-scope';

/** The judge a form sends: the offline one, or an LLM endpoint by name with one of its models. */
export type PickedJudge = { kind: 'offline' } | { kind: 'openai'; name: string; model: string };

export interface JudgeChoice {
  judge: JudgeInfo;
  model: string;
  request: PickedJudge;
  choose(name: string): void;
  setModel(model: string): void;
}

/** The judge and model a form has chosen, starting at the server's default; another judge starts at its default model. */
export function useJudgeChoice(judges: JudgeInfo[], defaultJudge: string): JudgeChoice {
  const [judgeName, setJudgeName] = useState(defaultJudge);
  const judge = judges.find((j) => j.name === judgeName) ?? judges[0];
  const [model, setModel] = useState(judge.defaultModel);
  const request = useMemo<PickedJudge>(() => (judge.kind === 'offline' ? { kind: 'offline' } : { kind: 'openai', name: judge.name, model }), [judge, model]);
  return {
    judge,
    model,
    request,
    choose(name) {
      const next = judges.find((j) => j.name === name);
      if (!next) return;
      setJudgeName(next.name);
      setModel(next.defaultModel);
    },
    setModel,
  };
}

interface Props {
  choice: JudgeChoice;
  judges: JudgeInfo[];
  /** Ids of the two selects (their labels point at them). */
  ids: { judge: string; model: string };
  /** Form field names of the selects, when the form has them. */
  names?: { judge: string; model: string };
  /** 'always': the model select is shown, disabled with one model; 'with-choice': shown only with two models or more. */
  modelSelect: 'always' | 'with-choice';
  labelClass: string;
  inputClass: string;
  /** Shown under the judge select (a refusal naming the judge). */
  error?: React.ReactNode;
}

/** The judge select (endpoints without a key on the server disabled) and its model select. */
export function JudgePicker({ choice, judges, ids, names, modelSelect, labelClass, inputClass, error }: Props) {
  const { judge, model } = choice;
  const showModel = modelSelect === 'always' || judge.models.length > 1;
  return (
    <>
      <div className="block text-sm">
        <label htmlFor={ids.judge} className={labelClass}>
          Judge
        </label>
        <select id={ids.judge} name={names?.judge} value={judge.name} onChange={(e) => choice.choose(e.target.value)} className={inputClass} aria-describedby={judge.scope ? `${ids.judge}-scope` : undefined}>
          {judges.map((j) => (
            <option key={j.name} value={j.name} disabled={!j.available}>
              {j.label}
              {j.available ? '' : ' (no API key on the server)'}
            </option>
          ))}
        </select>
        <JudgeScope judge={judge} id={`${ids.judge}-scope`} />
        {error}
      </div>
      {showModel ? (
        <div className="block text-sm">
          <label htmlFor={ids.model} className={labelClass}>
            Judge model
          </label>
          <select id={ids.model} name={names?.model} value={model} onChange={(e) => choice.setModel(e.target.value)} disabled={judge.models.length < 2} className={inputClass}>
            {judge.models.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </>
  );
}
