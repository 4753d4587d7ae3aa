'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { setScoringFieldsAction, type DatasetActionState } from '@/lib/actions/datasets';

const initial: DatasetActionState = { ok: false };
const inputClass = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm';

function FieldError({ errors }: { errors?: string[] }) {
  return errors?.length ? <span className="mt-1 block text-xs text-rose-700">{errors[0]}</span> : null;
}

/**
 * Conversation fields some metrics need and some sources never send (deepeval's client sends no
 * chatbot role, relevant topics or available tools): set here on the dataset's conversations
 * before scoring it again with role adherence, topic adherence or tool use.
 */
export function ScoringFieldsForm({ datasetId }: { datasetId: string }) {
  const [state, action, pending] = useActionState(setScoringFieldsAction, initial);
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm" data-testid="scoring-fields">
      <summary className="cursor-pointer font-semibold text-slate-700">Fields for scoring</summary>
      <form action={action} className="mt-3 grid gap-4 md:grid-cols-3" aria-label="Fields for scoring">
        <input type="hidden" name="id" value={datasetId} />
        <p className="text-slate-600 md:col-span-3">
          Role adherence needs a chatbot role, topic adherence relevant topics, tool use the tools the chatbot may call. Files and tools that did not send them
          (deepeval&apos;s client sends none of them with a test case) leave the metrics nothing to read: set them here. An empty field changes nothing.
        </p>
        <label className="block">
          <span className="font-medium text-slate-800">Chatbot role</span>
          <textarea name="chatbotRole" rows={3} maxLength={100_000} placeholder="a polite bank assistant" className={inputClass} />
          <FieldError errors={state.fieldErrors?.chatbotRole} />
        </label>
        <label className="block">
          <span className="font-medium text-slate-800">Relevant topics</span>
          <textarea name="relevantTopics" rows={3} placeholder={'savings accounts\nfees'} className={inputClass} />
          <span className="mt-1 block text-xs text-slate-500">One a line.</span>
          <FieldError errors={state.fieldErrors?.relevantTopics} />
        </label>
        <label className="block">
          <span className="font-medium text-slate-800">Available tools</span>
          <textarea name="availableTools" rows={3} placeholder='[{"name": "open_account", "description": "opens an account"}]' className={`${inputClass} font-mono text-xs`} />
          <span className="mt-1 block text-xs text-slate-500">A JSON list of deepeval ToolCalls.</span>
          <FieldError errors={state.fieldErrors?.availableTools} />
        </label>
        <fieldset className="flex flex-wrap items-center gap-4 md:col-span-3">
          <legend className="sr-only">Which conversations</legend>
          <label className="flex items-center gap-1.5">
            <input type="radio" name="where" value="missing" defaultChecked /> on the conversations without it
          </label>
          <label className="flex items-center gap-1.5">
            <input type="radio" name="where" value="all" /> on every conversation
          </label>
          <Button type="submit" variant="primary" disabled={pending}>
            {pending ? 'Setting…' : 'Set fields'}
          </Button>
          {state.message ? (
            <span role={state.ok ? 'status' : 'alert'} className={state.ok ? 'text-emerald-700' : 'text-rose-700'}>
              {state.message}
            </span>
          ) : null}
        </fieldset>
      </form>
    </details>
  );
}
