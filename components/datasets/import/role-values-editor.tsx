'use client';

import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { RoleValues } from '@/lib/datasets';

/**
 * The role column's own values (agent_1, agent_2…) each mapped to user or assistant, starting
 * from a guess. Applying reads the file again with them, and the import sends the same map.
 */
export function RoleValuesEditor({
  values,
  roleValues,
  applied,
  onApply,
  busy,
}: {
  values: string[];
  roleValues: RoleValues;
  /** False while `roleValues` is only the guess: applying it as it is reads the file with it. */
  applied: boolean;
  onApply: (map: RoleValues) => void;
  busy: boolean;
}) {
  const [draft, setDraft] = useState<RoleValues>(roleValues);
  const key = JSON.stringify(roleValues);
  useEffect(() => setDraft(JSON.parse(key) as RoleValues), [key]);
  const changed = JSON.stringify(draft) !== key;
  return (
    <section aria-label="Role values" className="space-y-3">
      <div>
        <h3 className="text-sm font-semibold text-slate-800">Role values</h3>
        <p className="text-xs text-slate-500">The role column says who speaks in its own words. Say which side each value is, then apply.</p>
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
