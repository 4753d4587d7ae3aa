import { FIELD_LIMITS } from '../../domain';

/**
 * Metadata a reader builds from another tool's record (its ids, settings, variables), held to the
 * limit every conversation's and turn's metadata has: past it, its largest entries are left out,
 * largest first, until it fits, and a note says which (once per file). A conversation is never
 * refused for what the reader itself chose to keep.
 */
export function fitMetadata(metadata: Record<string, unknown> | undefined, notes: { add(note: string): unknown }, max: number = FIELD_LIMITS.metadataChars): Record<string, unknown> | undefined {
  if (!metadata || Object.keys(metadata).length === 0) return undefined;
  const sizes = Object.entries(metadata).map(([key, value]) => ({ key, chars: (JSON.stringify(value) ?? '').length + key.length + 4 }));
  let total = sizes.reduce((sum, s) => sum + s.chars, 2);
  if (total <= max) return metadata;
  const out = { ...metadata };
  for (const { key, chars } of sizes.sort((a, b) => b.chars - a.chars)) {
    if (total <= max) break;
    delete out[key];
    total -= chars;
    notes.add(`Metadata is kept up to ${max.toLocaleString('en-US')} characters: “${key}” is left out where it made it larger.`);
  }
  return Object.keys(out).length ? out : undefined;
}
