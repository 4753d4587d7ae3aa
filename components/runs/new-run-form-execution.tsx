'use client';

import { useState } from 'react';
import type { FieldErrors } from '@/components/ui/form-styles';

export interface ExecutionSettings {
  concurrency: string;
  samples: string;
  temperature: string;
  modelVersion: string;
  setConcurrency(value: string): void;
  setSamples(value: string): void;
  setTemperature(value: string): void;
  setModelVersion(value: string): void;
}

/** How a run is executed, as typed (the server validates the numbers). */
export function useExecutionSettings(defaultConcurrency: number, defaultModelVersion: string): ExecutionSettings {
  const [concurrency, setConcurrency] = useState(String(defaultConcurrency));
  const [samples, setSamples] = useState('1');
  const [temperature, setTemperature] = useState('0.7');
  const [modelVersion, setModelVersion] = useState(defaultModelVersion);
  return { concurrency, samples, temperature, modelVersion, setConcurrency, setSamples, setTemperature, setModelVersion };
}

/** Concurrency, samples per item (and their temperature), and the model version label of the new-run form. */
export function NewRunFormExecution({ settings, errors: shownErrors, inputClass }: { settings: ExecutionSettings; errors: FieldErrors; inputClass: string }) {
  return (
    <>
      <div className="text-sm">
        <label htmlFor="run-concurrency" className="font-medium text-slate-700">
          Concurrency
        </label>
        <input
          id="run-concurrency"
          name="concurrency"
          type="number"
          min={1}
          max={64}
          value={settings.concurrency}
          onChange={(e) => settings.setConcurrency(e.target.value)}
          aria-invalid={shownErrors.concurrency ? true : undefined}
          className={inputClass}
        />
        <span className="block text-xs text-slate-500">Results scored at once, and judge requests in flight.</span>
        {shownErrors.concurrency ? <span className="block text-xs text-rose-700">{shownErrors.concurrency.join(' ')}</span> : null}
      </div>
      <div className="text-sm">
        <label htmlFor="run-samples" className="font-medium text-slate-700">
          Samples per item
        </label>
        <input
          id="run-samples"
          name="samples"
          type="number"
          min={1}
          max={9}
          value={settings.samples}
          onChange={(e) => settings.setSamples(e.target.value)}
          aria-invalid={shownErrors.samples ? true : undefined}
          aria-describedby="run-samples-help"
          className={inputClass}
        />
        <span id="run-samples-help" className="block text-xs text-slate-500">
          Above 1, the judge is asked that many times (at the temperature below); each turn keeps the majority, and turns where fewer than 80% agree are marked
          unstable.
        </span>
        {shownErrors.samples ? <span className="block text-xs text-rose-700">{shownErrors.samples.join(' ')}</span> : null}
      </div>
      {Number(settings.samples) > 1 ? (
        <div className="text-sm">
          <label htmlFor="run-temperature" className="font-medium text-slate-700">
            Judge temperature
          </label>
          <input
            id="run-temperature"
            name="temperature"
            type="number"
            min={0}
            max={2}
            step={0.1}
            value={settings.temperature}
            onChange={(e) => settings.setTemperature(e.target.value)}
            aria-invalid={shownErrors.temperature ? true : undefined}
            className={inputClass}
          />
          {shownErrors.temperature ? <span className="block text-xs text-rose-700">{shownErrors.temperature.join(' ')}</span> : null}
        </div>
      ) : null}
      <div className="text-sm">
        <label htmlFor="run-modelVersion" className="font-medium text-slate-700">
          Model version under test
        </label>
        <input
          id="run-modelVersion"
          name="modelVersion"
          type="text"
          value={settings.modelVersion}
          placeholder="e.g. support-bot v2.3"
          onChange={(e) => settings.setModelVersion(e.target.value)}
          className={inputClass}
        />
        <span className="block text-xs text-slate-500">A label to compare runs by.</span>
        {shownErrors.modelVersion ? <span className="block text-xs text-rose-700">{shownErrors.modelVersion.join(' ')}</span> : null}
      </div>
    </>
  );
}
