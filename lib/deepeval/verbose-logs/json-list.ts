/**
 * A list as deepeval's prettify_list prints it, read from `from` (the opening bracket): its items
 * are JSON (pydantic models dumped with json.dumps, which escapes every quote and newline) or
 * Python's `None`. One pass that follows strings and brackets, so it reads the list in time
 * linear in its length and never backtracks; `None` outside strings becomes null. Null when the
 * text there is not such a list (a list of Python objects or of raw strings does not read).
 */
export function readJsonList(text: string, from: number): { items: unknown[]; end: number } | null {
  if (text[from] !== '[') return null;
  let depth = 0;
  let inString = false;
  let out = '';
  let copied = from;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '[' || c === '{') depth++;
    else if (c === ']' || c === '}') {
      depth--;
      if (depth === 0) {
        out += text.slice(copied, i + 1);
        try {
          const items: unknown = JSON.parse(out);
          return Array.isArray(items) ? { items, end: i + 1 } : null;
        } catch {
          return null;
        }
      }
    } else if (c === 'N' && text.startsWith('None', i) && !/[A-Za-z0-9_]/.test(text[i + 4] ?? '') && !/[A-Za-z0-9_]/.test(text[i - 1] ?? '')) {
      out += `${text.slice(copied, i)}null`;
      copied = i + 4;
      i += 3;
    }
  }
  return null;
}

/** Where `header` starts a line of the log (at its start or after a newline), when it does exactly once; else null. */
export function uniqueLineStart(log: string, header: string): number | null {
  let found: number | null = null;
  let at = log.startsWith(header) ? 0 : -1;
  if (at === 0) found = 0;
  let from = 0;
  for (;;) {
    at = log.indexOf(`\n${header}`, from);
    if (at === -1) break;
    if (found !== null) return null;
    found = at + 1;
    from = at + 1;
  }
  return found;
}

/** The JSON list right after a header that starts exactly one line of the log (blanks between them skipped). */
export function listAfter(log: string, header: string): unknown[] | null {
  const at = uniqueLineStart(log, header);
  if (at === null) return null;
  let i = at + header.length;
  while (log[i] === ' ' || log[i] === '\n') i++;
  return readJsonList(log, i)?.items ?? null;
}
