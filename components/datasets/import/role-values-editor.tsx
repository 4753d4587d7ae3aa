'use client';

import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { RoleValues } from '@/lib/datasets';

/**
 * The file's own role values (agent_1, agent_2 in a CSV's role column; Customer, Support in a
 * JSON file's messages) each mapped to user or assistant, starting from a guess that is already
 * applied. Applying a change reads the file again with it, and the import sends the same map.
 */
export function RoleValuesEditor({
  values,
  roleValues,
  applied,
  onApply,
  busy,
  csv,
}: {
  values: string[];
  roleValues: RoleValues;
  /** False while `roleValues` is only the guess: applying it as it is reads the file with it. */
  applied: boolean;
  onApply: (map: RoleValues) => void;
  busy: boolean;
  /** The values come from a CSV's role column (else from the messages' role fields). */
  csv: boolean;
}) {
  const [draft, setDraft] = useState<RoleValues>(roleValues);
  const key = JSON.stringify(roleValues);
  useEffect(() => setDraft(JSON.parse(key) as RoleValues), [key]);
  const changed = JSON.stringify(draft) !== key;
  return (
    <section aria-label="Role values" className="space-y-3">
      <div>
        <h3 className="text-sm font-semibold text-slate-800">Role values</h3>
        <p className="text-xs text-slate-500">
          {csv ? 'The role column' : 'The messages’ role fields'} say who speaks in the file’s own words.{' '}
          {applied && !changed ? 'The guess below is applied; change a side and apply if it is wrong.' : 'Say which side each value is, then apply.'}
        </p>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2">
        {values.map((value) => (
          <li key={value} className="flex items-center justify-between gap-2 rounded border border-slate-200 px-2 py-1 text-sm">
            <span className="truncate font-mono text-xs" title={value}>
              {value}
            </span>
            <select
              aria-label={`Role of ${value}`}
              value={draft[value] ?? ''}
              onChange={(e) => setDraft({ ...draft, [value]: e.target.value as 'user' | 'assistant' })}
              className="rounded border border-slate-300 bg-white px-1.5 py-0.5 text-xs"
            >
              <option value="" disabled>
                choose…
              </option>
              <option value="user">User</option>
              <option value="assistant">Assistant</option>
            </select>
          </li>
        ))}
      </ul>
      <Button variant="secondary" disabled={(applied && !changed) || busy || values.some((v) => !draft[v])} onClick={() => onApply(draft)}>
        Apply role values
      </Button>
    </section>
  );
}
