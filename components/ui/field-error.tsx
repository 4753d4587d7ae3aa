import type { FieldErrors } from './form-styles';

/** The errors of a field and of its sub-fields ("metrics" shows "metrics.0.options.threshold"). */
export function errorsOf(errors: FieldErrors, field: string): string[] {
  return Object.entries(errors).flatMap(([key, messages]) => (key === field || key.startsWith(`${field}.`) ? messages : []));
}

/** The server's errors for `field` and its sub-fields beneath its input, or (`exact`) for it alone where its sub-fields have inputs of their own. */
export function FieldError({ errors, field, exact = false }: { errors: FieldErrors; field: string; exact?: boolean }) {
  const messages = exact ? (errors[field] ?? []) : errorsOf(errors, field);
  return messages.length ? (
    <p id={`${field}-error`} className="mt-1 text-xs text-rose-700" role="alert">
      {messages.join(' ')}
    </p>
  ) : null;
}
