'use client';

import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CSV_FIELDS, type CsvField, type CsvMapping } from '@/lib/datasets';
import { CSV_FIELD_LABELS } from '../format-labels';

/**
 * One select per CSV column, filled with the mapping guessed from the headers. Applying it parses
 * the file again with the edited mapping (and the import sends the same mapping).
 */
export function CsvMappingEditor({
  headers,
  sample,
  mapping,
  onApply,
  busy,
}: {
  headers: string[];
  sample: string[] | null;
  mapping: CsvMapping;
  onApply: (mapping: CsvMapping) => void;
  busy: boolean;
}) {
  const [draft, setDraft] = useState<CsvMapping>(mapping);
  const mappingKey = JSON.stringify(mapping);
  useEffect(() => setDraft(JSON.parse(mappingKey) as CsvMapping), [mappingKey]);
  const changed = JSON.stringify(draft) !== mappingKey;
  return (
    <section aria-label="Column mapping" className="space-y-3">
      <div>
        <h3 className="text-sm font-semibold text-slate-800">Columns</h3>
        <p className="text-xs text-slate-500">Guessed from the header row. Change a column&apos;s field, then apply to read the file again.</p>
      </div>
      <table className="w-full table-fixed text-sm">
        <thead>
          <tr className="text-left text-xs text-slate-500">
            <th scope="col" className="w-1/4 pb-1 font-medium">Column</th>
            <th scope="col" className="pb-1 font-medium">Sample</th>
            <th scope="col" className="w-56 pb-1 font-medium">Field</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {headers.map((header, i) => (
            <tr key={header}>
              <td className="py-1 pr-2 align-middle font-mono text-xs break-all text-slate-800">{header}</td>
              <td className="py-1 pr-2 align-middle text-xs text-slate-500">
                <span className="line-clamp-1 break-all" title={sample?.[i]}>
                  {sample?.[i] || '–'}
                </span>
              </td>
              <td className="py-1 align-middle">
                <select
                  aria-label={`Field for column ${header}`}
                  value={draft[header] ?? 'metadata'}
                  onChange={(e) => setDraft({ ...draft, [header]: e.target.value as CsvField })}
                  className="w-full rounded border border-slate-300 bg-white px-1.5 py-1 text-xs"
                >
                  {CSV_FIELDS.map((f) => (
                    <option key={f} value={f}>
                      {CSV_FIELD_LABELS[f]}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Button variant="secondary" disabled={!changed || busy} onClick={() => onApply(draft)}>
        Apply mapping
      </Button>
    </section>
  );
}
