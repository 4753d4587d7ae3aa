'use client';

import { inputClass, type FieldErrors } from '@/components/ui/form-styles';
import { modelForConnection } from '@/lib/replay/connection-model';
import { FormField } from './form-field';

export interface TargetValues {
  kind: 'openai' | 'http';
  /** Where an OpenAI-compatible target's endpoint and key come from. */
  source: 'url' | 'connection';
  baseUrl: string;
  apiKeyEnv: string;
  connection: string;
  model: string;
  systemPrompt: string;
  temperature: string;
  maxTokens: string;
  url: string;
  secretEnv: string;
  timeoutMs: string;
}

export const EMPTY_TARGET: TargetValues = {
  kind: 'openai',
  source: 'url',
  baseUrl: '',
  apiKeyEnv: '',
  connection: '',
  model: '',
  systemPrompt: '',
  temperature: '',
  maxTokens: '',
  url: '',
  secretEnv: '',
  timeoutMs: '30000',
};

/** A typed number as a number; blank is unset; anything else goes as NaN, for the server to name. */
export const numberOrUnset = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));
const textOrUnset = (text: string): string | undefined => (text.trim() === '' ? undefined : text.trim());

/** The target part of the request, as the API takes it. */
export function targetInput(t: TargetValues): Record<string, unknown> {
  if (t.kind === 'http') return { kind: 'http', url: t.url.trim(), secretEnv: textOrUnset(t.secretEnv), timeoutMs: numberOrUnset(t.timeoutMs) };
  return {
    kind: 'openai',
    ...(t.source === 'connection' ? { connection: t.connection } : { baseUrl: t.baseUrl.trim(), apiKeyEnv: textOrUnset(t.apiKeyEnv) }),
    model: t.model.trim(),
    systemPrompt: t.systemPrompt === '' ? undefined : t.systemPrompt,
    temperature: numberOrUnset(t.temperature),
    maxTokens: numberOrUnset(t.maxTokens),
  };
}

interface Props {
  value: TargetValues;
  onChange: (next: TargetValues) => void;
  connections: { name: string; models: string[] }[];
  errors: FieldErrors;
}

/** What regenerates the assistant turns: an OpenAI-compatible model, or the user's app over HTTP. */
export function ReplayTargetFields({ value, onChange, connections, errors }: Props) {
  const set = (patch: Partial<TargetValues>) => onChange({ ...value, ...patch });
  const connection = connections.find((c) => c.name === value.connection);
  // Choosing a connection shows its default model rather than an empty Model beside its list.
  const chooseConnection = (name: string) => set({ source: 'connection', connection: name, model: modelForConnection(value.model, connections.find((c) => c.name === name)?.models ?? []) });
  const radio = 'h-4 w-4 accent-indigo-600';
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <legend className="px-1 text-sm font-semibold text-slate-700">Target</legend>
      <div className="flex flex-wrap gap-4 text-sm" role="radiogroup" aria-label="Target kind">
        <label className="flex items-center gap-2">
          <input type="radio" name="target-kind" className={radio} checked={value.kind === 'openai'} onChange={() => set({ kind: 'openai' })} />
          A model (OpenAI-compatible API)
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="target-kind" className={radio} checked={value.kind === 'http'} onChange={() => set({ kind: 'http' })} />
          My application over HTTP
        </label>
      </div>

      {value.kind === 'openai' ? (
        <>
          <div className="flex flex-wrap gap-4 text-sm" role="radiogroup" aria-label="Endpoint">
            <label className="flex items-center gap-2">
              <input type="radio" name="target-source" className={radio} checked={value.source === 'url'} onChange={() => set({ source: 'url' })} />
              Any endpoint
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="target-source"
                className={radio}
                checked={value.source === 'connection'}
                disabled={connections.length === 0}
                onChange={() => chooseConnection(value.connection || connections[0]?.name || '')}
              />
              Stored connection{connections.length === 0 ? ' (none stored)' : ''}
            </label>
          </div>
          {value.source === 'url' ? (
            <div className="grid gap-3 sm:grid-cols-2">
              <FormField id="target-baseUrl" label="Base URL" name="target.baseUrl" errors={errors} help="Ends in /v1, e.g. https://api.openai.com/v1">
                <input id="target-baseUrl" type="url" value={value.baseUrl} onChange={(e) => set({ baseUrl: e.target.value })} placeholder="https://api.openai.com/v1" className={inputClass} aria-invalid={errors['target.baseUrl'] ? true : undefined} />
              </FormField>
              <FormField id="target-apiKeyEnv" label="API key variable" name="target.apiKeyEnv" errors={errors} help="The name of an environment variable on the worker, starting with TARGET_; blank for none.">
                <input id="target-apiKeyEnv" type="text" value={value.apiKeyEnv} onChange={(e) => set({ apiKeyEnv: e.target.value })} placeholder="TARGET_OPENAI_KEY" className={`${inputClass} font-mono`} aria-invalid={errors['target.apiKeyEnv'] ? true : undefined} />
              </FormField>
            </div>
          ) : (
            <FormField id="target-connection" label="Connection" name="target.connection" errors={errors} help="Its key stays encrypted on the server.">
              <select id="target-connection" value={value.connection} onChange={(e) => chooseConnection(e.target.value)} className={inputClass}>
                {connections.map((c) => (
                  <option key={c.name} value={c.name}>
                    {c.name}
                  </option>
                ))}
              </select>
            </FormField>
          )}
          <div className="grid gap-3 sm:grid-cols-3">
            <FormField id="target-model" label="Model" name="target.model" errors={errors}>
              <input id="target-model" type="text" list="target-models" value={value.model} onChange={(e) => set({ model: e.target.value })} placeholder="gpt-4.1-mini" className={inputClass} aria-invalid={errors['target.model'] ? true : undefined} />
              <datalist id="target-models">
                {(connection?.models ?? []).map((m) => (
                  <option key={m} value={m} />
                ))}
              </datalist>
            </FormField>
            <FormField id="target-temperature" label="Temperature" name="target.temperature" errors={errors} help="Blank: the model's default.">
              <input id="target-temperature" type="number" min={0} max={2} step={0.1} value={value.temperature} onChange={(e) => set({ temperature: e.target.value })} className={inputClass} aria-invalid={errors['target.temperature'] ? true : undefined} />
            </FormField>
            <FormField id="target-maxTokens" label="Max tokens" name="target.maxTokens" errors={errors} help="Blank: no limit.">
              <input id="target-maxTokens" type="number" min={1} value={value.maxTokens} onChange={(e) => set({ maxTokens: e.target.value })} className={inputClass} aria-invalid={errors['target.maxTokens'] ? true : undefined} />
            </FormField>
          </div>
          <FormField id="target-systemPrompt" label="System prompt" name="target.systemPrompt" errors={errors} help="Sent first in every request; blank for none.">
            <textarea id="target-systemPrompt" rows={3} value={value.systemPrompt} onChange={(e) => set({ systemPrompt: e.target.value })} className={inputClass} />
          </FormField>
        </>
      ) : (
        <div className="grid gap-3 sm:grid-cols-3">
          <div className="sm:col-span-3">
            <FormField id="target-url" label="App URL" name="target.url" errors={errors} help="One POST per assistant turn (docs/replay.md: the HTTP target contract).">
              <input id="target-url" type="url" value={value.url} onChange={(e) => set({ url: e.target.value })} placeholder="https://bot.internal/turnwise" className={inputClass} aria-invalid={errors['target.url'] ? true : undefined} />
            </FormField>
          </div>
          <div className="sm:col-span-2">
            <FormField id="target-secretEnv" label="Secret variable" name="target.secretEnv" errors={errors} help="Its value is sent as x-turnwise-secret; starts with TARGET_; blank for none.">
              <input id="target-secretEnv" type="text" value={value.secretEnv} onChange={(e) => set({ secretEnv: e.target.value })} placeholder="TARGET_BOT_SECRET" className={`${inputClass} font-mono`} aria-invalid={errors['target.secretEnv'] ? true : undefined} />
            </FormField>
          </div>
          <FormField id="target-timeoutMs" label="Timeout (ms)" name="target.timeoutMs" errors={errors}>
            <input id="target-timeoutMs" type="number" min={100} step={1000} value={value.timeoutMs} onChange={(e) => set({ timeoutMs: e.target.value })} className={inputClass} aria-invalid={errors['target.timeoutMs'] ? true : undefined} />
          </FormField>
        </div>
      )}
    </fieldset>
  );
}
