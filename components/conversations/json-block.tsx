import { LongText } from '@/components/conversations/long-text';
import { jsonText, previewOf, type TextSource } from '@/lib/conversations/text-preview';

const BOX = 'max-h-80 overflow-auto font-mono text-xs whitespace-pre-wrap break-words';

/** A JSON value pretty-printed as text; with the `source` it is stored at, a long one is sent as its start ("Show all", below the box, loads the rest). */
export function JsonBlock({ value, source }: { value: unknown; source?: TextSource }) {
  const text = jsonText(value);
  if (!source) return <pre className={BOX}>{text}</pre>;
  return <LongText preview={previewOf(text)} source={source} boxClassName={BOX} />;
}
