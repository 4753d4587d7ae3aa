'use client';

import { PII_KINDS, PII_KIND_LABELS, PLACEHOLDERS, customPlaceholder, type PiiKind } from '@/lib/pii/kinds';

export interface RedactionChoice {
  kinds: PiiKind[];
  patterns: string[];
}

/**
 * Checkboxes for the built-in kinds and the saved patterns. Controlled (`onChange`) in the upload
 * wizard, whose preview follows them; uncontrolled in a plain form, whose fields are `kinds` and `patterns`.
 */
export function RedactionChoices({
  value,
  onChange,
  patterns,
  legend = 'Replace personal data with placeholders',
  disabled = false,
}: {
  value: RedactionChoice;
  onChange?: (next: RedactionChoice) => void;
  patterns: { name: string; pattern: string }[];
  legend?: string;
  disabled?: boolean;
}) {
  const toggle = <T extends string>(list: T[], item: T, on: boolean): T[] => (on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item));
  const controlled = onChange !== undefined;
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-1.5">
        {PII_KINDS.map((kind) => (
          <label key={kind} className="inline-flex items-center gap-1.5 text-sm">
            <input
              type="checkbox"
              name="kinds"
              value={kind}
              {...(controlled
                ? { checked: value.kinds.includes(kind), onChange: (e) => onChange({ ...value, kinds: PII_KINDS.filter((k) => toggle(value.kinds, kind, e.target.checked).includes(k)) }) }
                : { defaultChecked: value.kinds.includes(kind) })}
            />
            {PII_KIND_LABELS[kind]} <span className="font-mono text-xs text-slate-500">{PLACEHOLDERS[kind]}</span>
          </label>
        ))}
      </div>
      {patterns.length ? (
        <div className="flex flex-wrap gap-x-5 gap-y-1.5">
          {patterns.map((p) => (
            <label key={p.name} className="inline-flex items-center gap-1.5 text-sm" title={p.pattern}>
              <input
                type="checkbox"
                name="patterns"
                value={p.name}
                {...(controlled ? { checked: value.patterns.includes(p.name), onChange: (e) => onChange({ ...value, patterns: toggle(value.patterns, p.name, e.target.checked) }) } : { defaultChecked: value.patterns.includes(p.name) })}
              />
              <span className="font-mono text-xs">{customPlaceholder(p.name)}</span>
            </label>
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}
