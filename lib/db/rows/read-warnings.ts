/** A stored warnings column: a JSON array of strings, or null for a result without any. */
export const readWarnings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((w): w is string => typeof w === 'string') : [];
