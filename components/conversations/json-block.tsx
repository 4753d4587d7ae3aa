/** A JSON value pretty-printed as text. */
export function JsonBlock({ value }: { value: unknown }) {
  return <pre className="max-h-80 overflow-auto font-mono text-xs whitespace-pre-wrap break-words">{JSON.stringify(value, null, 2)}</pre>;
}
