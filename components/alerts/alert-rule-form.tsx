'use client';

import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError, FormError } from '@/components/ui/field-error';
import { inputClass, type FieldErrors } from '@/components/ui/form-styles';
import { saveAlertRuleAction } from '@/lib/actions/alerts';
import { describeCondition } from '@/lib/alerts/describe-rule';
import type { AlertFormOptions } from '@/lib/alerts/page/load-alert-form-options';
import { conditionProblem, conditionSchema } from '@/lib/alerts/rule-input';
import { conditionOf, type ConditionDraft } from './condition-draft';
import { ConditionFields, Field } from './condition-fields';

export interface AlertRuleFormProps {
  ruleId: string | null;
  initial: { name: string; condition: ConditionDraft; destinationKind: 'webhook' | 'slack'; notifyResolved: boolean; enabled: boolean };
  /** What is stored of the destination (an edit): the URL's origin and last four, the secret's last four. */
  stored: { urlHint: string; secretLastFour: string | null } | null;
  options: AlertFormOptions;
}

/** The condition in a sentence as the form stands, or what is still missing. */
function preview(draft: ConditionDraft, options: AlertFormOptions): string {
  const parsed = conditionSchema.safeParse(conditionOf(draft));
  if (!parsed.success) return `Not complete yet: ${parsed.error.issues[0]?.message ?? 'a field is missing'}.`;
  const problem = conditionProblem(parsed.data);
  if (problem) return `Not complete yet: ${problem.message}.`;
  return describeCondition(parsed.data, {
    dataset: options.datasets.find((d) => d.id === draft.datasetId)?.name,
    onlineRule: options.onlineRules.find((r) => r.id === draft.onlineRuleId)?.name,
    baselineRun: options.baselineRuns.find((r) => r.id === draft.baselineRunId)?.label,
  });
}

/** Create or edit an alert rule: what is watched (with its sentence as it is typed), where it goes, and when. */
export function AlertRuleForm({ ruleId, initial, stored, options }: AlertRuleFormProps) {
  const [name, setName] = useState(initial.name);
  const [draft, setDraft] = useState(initial.condition);
  const [kind, setKind] = useState(initial.destinationKind);
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState('');
  const [clearSecret, setClearSecret] = useState(false);
  const [notifyResolved, setNotifyResolved] = useState(initial.notifyResolved);
  const [enabled, setEnabled] = useState(initial.enabled);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, startSubmit] = useTransition();
  const set = (patch: Partial<ConditionDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = {
      name,
      condition: conditionOf(draft),
      // A blank URL or secret keeps the stored one.
      destination: { kind, ...(url.trim() ? { url: url.trim() } : {}), ...(secret.trim() ? { secret: secret.trim() } : {}), ...(clearSecret ? { clearSecret: true } : {}) },
      notifyResolved,
      enabled,
    };
    startSubmit(async () => {
      const result = await saveAlertRuleAction(ruleId, body);
      if (result && !result.ok) {
        setErrors(result.fieldErrors ?? {});
        setMessage(result.message ?? 'The rule could not be saved.');
      }
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={ruleId ? 'Edit alert rule' : 'New alert rule'} className="max-w-3xl space-y-6">
      <FormError message={message} />
      <fieldset className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <legend className="px-1 text-sm font-semibold text-slate-700">What is watched</legend>
        <Field label="Name" field="name" errors={errors}>
          <input className={inputClass} value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. Faithfulness regressed" />
        </Field>
        <ConditionFields draft={draft} set={set} options={options} errors={errors} />
        <p data-testid="condition-summary" className="rounded-md bg-indigo-50 px-3 py-2 text-sm text-indigo-900">
          {preview(draft, options)}
        </p>
      </fieldset>

      <fieldset className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <legend className="px-1 text-sm font-semibold text-slate-700">Where it goes</legend>
        <Field label="Destination" field="destination.kind" errors={errors}>
          <select className={inputClass} value={kind} onChange={(e) => setKind(e.target.value as 'webhook' | 'slack')}>
            <option value="webhook">Webhook (JSON, optionally signed)</option>
            <option value="slack">Slack incoming webhook (or Mattermost, Rocket.Chat)</option>
          </select>
        </Field>
        <Field
          label="URL"
          field="destination.url"
          help={stored ? `Stored: ${stored.urlHint}. Leave empty to keep it.` : kind === 'slack' ? 'The incoming webhook URL Slack gave you: it is stored encrypted and never shown again.' : 'Alerts are POSTed to it; stored encrypted, shown again only by its origin and last four characters.'}
          errors={errors}
        >
          <input className={inputClass} type="url" autoComplete="off" value={url} onChange={(e) => setUrl(e.target.value)} placeholder={kind === 'slack' ? 'https://hooks.slack.com/services/…' : 'https://…'} />
        </Field>
        {kind === 'webhook' ? (
          <div>
            <Field
              label="Signing secret (optional)"
              field="destination.secret"
              help={
                stored?.secretLastFour
                  ? `Stored: …${stored.secretLastFour}. Leave empty to keep it.`
                  : 'With a secret, each call carries X-Turnwise-Signature: an HMAC-SHA256 of its timestamp and body (docs/alerts.md says how to check it).'
              }
              errors={errors}
            >
              <input className={inputClass} type="password" autoComplete="new-password" value={secret} onChange={(e) => setSecret(e.target.value)} />
            </Field>
            {stored?.secretLastFour ? (
              <label className="mt-2 flex items-center gap-2 text-sm">
                <input type="checkbox" className="h-4 w-4 accent-indigo-600" checked={clearSecret} onChange={(e) => setClearSecret(e.target.checked)} />
                Remove the stored secret (calls are no longer signed)
              </label>
            ) : null}
          </div>
        ) : null}
        <FieldError errors={errors} field="destination" exact />
        {options.linkWarning && !stored ? <p className="rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900">{options.linkWarning}</p> : null}
      </fieldset>

      <fieldset className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <legend className="px-1 text-sm font-semibold text-slate-700">When</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="h-4 w-4 accent-indigo-600" checked={notifyResolved} onChange={(e) => setNotifyResolved(e.target.checked)} />
          Also tell the destination when it recovers (state &quot;resolved&quot;)
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="h-4 w-4 accent-indigo-600" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
          Enabled (unchecked: paused)
        </label>
      </fieldset>
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? 'Saving…' : ruleId ? 'Save rule' : 'Create rule'}
      </Button>
    </form>
  );
}
