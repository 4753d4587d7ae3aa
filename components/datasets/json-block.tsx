import { LongText } from '@/components/conversations/long-text';
import { jsonText, previewOf, type TextSource } from '@/lib/conversations/text-preview';

/** A JSON value pretty-printed as text; with the `source` it is stored at, a long one is sent as its start ("Show all" loads the rest). */
export function JsonBlock({ value, source }: { value: unknown; source?: TextSource }) {
  const text = jsonText(value);
  return <pre className="max-h-80 overflow-auto font-mono text-xs whitespace-pre-wrap break-words">{source ? <LongText preview={previewOf(text)} source={source} /> : text}</pre>;
}
