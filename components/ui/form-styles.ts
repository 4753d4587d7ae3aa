/** A form's errors by field name, as server actions return them. */
export type FieldErrors = Record<string, string[]>;

/** The look of a text input or select in the dashboard's forms. */
export const inputClass = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm';
