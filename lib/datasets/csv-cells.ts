// Spreadsheets run a cell starting with = + - @ (and tab or CR) as a formula. Export prefixes such cells
// with a single quote; import removes one quote again. Text that already starts with quotes before such
// a character gets one more, so the round trip is exact: x ↔ 'x whenever x matches /^'*[=+\-@\t\r]/.
const NEEDS_GUARD = /^'*[=+\-@\t\r]/;
const GUARDED = /^'+[=+\-@\t\r]/;

export const neutraliseCell = (text: string): string => (NEEDS_GUARD.test(text) ? `'${text}` : text);

export const restoreCell = (text: string): string => (GUARDED.test(text) ? text.slice(1) : text);

/**
 * A list as one cell: items joined with `|` when that reads back the same, else a JSON array
 * (items holding `|`, surrounding spaces or empty items, or an empty list).
 */
export function encodeListCell(items: readonly string[] | undefined): string {
  if (items === undefined) return '';
  const plain =
    items.length > 0 &&
    !items[0].startsWith('[') &&
    items.every((s) => s !== '' && !s.includes('|') && s.trim() === s);
  return plain ? items.join('|') : JSON.stringify(items);
}

export const encodeJsonCell = (value: unknown): string => (value === undefined ? '' : JSON.stringify(value));
