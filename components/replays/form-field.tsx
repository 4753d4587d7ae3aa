'use client';

import type { ReactNode } from 'react';
import type { FieldErrors } from '@/components/ui/form-styles';

/** A labelled input with its help and, under it, what is wrong with it (`name` is the request field's path). */
export function FormField({ id, label, name, errors, help, children }: { id: string; label: string; name: string; errors: FieldErrors; help?: ReactNode; children: ReactNode }) {
  const messages = errors[name];
  return (
    <div className="text-sm">
      <label htmlFor={id} className="font-medium text-slate-700">
        {label}
      </label>
      {children}
      {help ? <span className="block text-xs text-slate-500">{help}</span> : null}
      {messages ? (
        <span className="block text-xs text-rose-700" data-field-error={name}>
          {label}: {messages.join(' ')}
        </span>
      ) : null}
    </div>
  );
}
