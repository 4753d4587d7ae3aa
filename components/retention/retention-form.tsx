'use client';

import { useEffect, useRef, useState, useTransition } from 'react';
import { FormMessage } from '@/components/admin/form-message';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/form-styles';
import { previewRetentionAction, setRetentionAction } from '@/lib/actions/retention';
import type { ActionResult } from '@/lib/actions/action-result';
import { describeKindPreview, MAX_KEEP_DAYS, RETENTION_KINDS, type KindPreview, type RetentionKey, type RetentionSetting } from '@/lib/retention/retention-kinds';

type Values = Record<RetentionKey, string>;
interface Preview {
  kinds: KindPreview[];
  defaultOtlpHours: number | null;
}

/** A typed number of days as sent (blank: kept); anything else goes as typed, for the server to refuse beside its field. */
const daysOf = (value: string): number | null => (value.trim() === '' ? null : Number(value.trim()));
const inputOf = (values: Values) => Object.fromEntries(RETENTION_KINDS.map((k) => [k.key, daysOf(values[k.key])])) as Record<RetentionKey, number | null>;

/**
 * An admin's retention form: days per kind (blank keeps it), and under each, before anything is
 * saved, what saving deletes now and about how many more each day (asked again 400 ms after the
 * last change: the counts are the server's).
 */
export function RetentionForm({ datasetId, initial, initialPreview }: { datasetId: string; initial: RetentionSetting; initialPreview: Preview }) {
  const [values, setValues] = useState<Values>(() => Object.fromEntries(RETENTION_KINDS.map((k) => [k.key, initial[k.key] === null ? '' : String(initial[k.key])])) as Values);
  const [preview, setPreview] = useState<Preview>(initialPreview);
  const [problem, setProblem] = useState<ActionResult | null>(null);
  const [state, setState] = useState<ActionResult>({ ok: true });
  const [pending, start] = useTransition();
  const latest = useRef(0);
  const key = JSON.stringify(values);
  // The values the shown preview counted: saving waits for the preview of what is typed.
  const [previewed, setPreviewed] = useState(key);
  // The values the server last answered for, counted or refused.
  const [answered, setAnswered] = useState(key);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const asked = ++latest.current;
    setState({ ok: true });
    const timer = setTimeout(async () => {
      const result = await previewRetentionAction(datasetId, inputOf(JSON.parse(key) as Values));
      if (asked !== latest.current) return;
      setAnswered(key);
      if (result.ok && result.kinds) {
        setPreview({ kinds: result.kinds, defaultOtlpHours: result.defaultOtlpHours ?? null });
        setPreviewed(key);
        setProblem(null);
      } else setProblem(result);
    }, 400);
    return () => clearTimeout(timer);
  }, [datasetId, key]);

  const current = previewed === key;
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    if (!current) return;
    start(async () => setState(await setRetentionAction(datasetId, inputOf(values))));
  };
  const errorOf = (field: RetentionKey) => state.fieldErrors?.[field]?.join(' ') ?? problem?.fieldErrors?.[field]?.join(' ');
  return (
    <form onSubmit={save} className="space-y-4" noValidate aria-label="Retention">
      <div className="grid gap-4 md:grid-cols-2">
        {RETENTION_KINDS.map((kind, i) => {
          const error = errorOf(kind.key);
          return (
            <div key={kind.key} className="text-sm">
              <label htmlFor={`retention-${kind.key}`} className="font-medium text-slate-700">
                {kind.label}: keep
              </label>
              <div className="flex items-center gap-2">
                <input
                  id={`retention-${kind.key}`}
                  type="number"
                  min={1}
                  max={MAX_KEEP_DAYS}
                  step={1}
                  inputMode="numeric"
                  value={values[kind.key]}
                  placeholder={kind.key === 'keepOtlpDays' ? 'server default' : 'everything'}
                  onChange={(e) => setValues((v) => ({ ...v, [kind.key]: e.target.value }))}
                  className={`${inputClass} max-w-36`}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={`retention-${kind.key}-preview`}
                />
                <span className="mt-1 text-slate-600">days</span>
              </div>
              {error ? <span className="block text-xs text-rose-700">{error}</span> : null}
              <span id={`retention-${kind.key}-preview`} className={`mt-1 block text-xs ${current ? 'text-slate-600' : 'text-slate-400'}`} data-testid={`retention-preview-${kind.key}`}>
                {preview.kinds[i] ? describeKindPreview(preview.kinds[i], preview.defaultOtlpHours) : null}
              </span>
            </div>
          );
        })}
      </div>
      {problem && !problem.fieldErrors ? (
        <p role="alert" className="text-sm text-rose-700">
          {problem.message}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="primary" disabled={pending || !current}>
          {pending ? 'Saving…' : current || answered === key ? 'Save retention' : 'Counting what it deletes…'}
        </Button>
        <FormMessage state={state} />
      </div>
    </form>
  );
}
