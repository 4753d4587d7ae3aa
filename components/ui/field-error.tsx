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

/** A form's own error (not one field's), above the form; nothing when there is none. */
export function FormError({ message, testId }: { message: string | null | undefined; testId?: string }) {
  return message ? (
    <p role="alert" className="rounded-md border border-rose-200 bg-rose-50 px-3 py-2 text-sm text-rose-800" data-testid={testId}>
      {message}
    </p>
  ) : null;
}
