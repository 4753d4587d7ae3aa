/** Characters of a turn's text a conversation page sends up front; the rest loads on demand. */
export const PREVIEW_CHARS = 4000;
/** Characters of each retrieval or context item sent up front (a turn may have many). */
export const ITEM_PREVIEW_CHARS = 1000;

export interface TextPreview {
  /** The start of the text, at most the limit. */
  text: string;
  /** Characters in the whole text. */
  totalChars: number;
  /** Whether `text` is only the start. */
  cut: boolean;
}

/**
 * The start of a long text, so that a conversation of 100 turns of 870 KB is a page of a few
 * hundred KB rather than 175 MB. Never splits a UTF-16 surrogate pair (an emoji stays whole).
 */
export function previewOf(text: string, limit = PREVIEW_CHARS): TextPreview {
  if (text.length <= limit) return { text, totalChars: text.length, cut: false };
  const high = text.charCodeAt(limit - 1);
  const end = high >= 0xd800 && high <= 0xdbff ? limit - 1 : limit;
  return { text: text.slice(0, end), totalChars: text.length, cut: true };
}

/** Where a turn's text lives, so the page can ask for the whole of it. */
export interface TurnTextSource {
  conversationId: string;
  turnIndex: number;
  part: 'content' | 'expectedOutput' | 'retrievalContext' | 'context';
  /** The item of a list part, from 0. */
  item?: number;
}

/** "870 KB", "1.2 MB": the size of the whole text, for the button that loads it. */
export function sizeLabel(chars: number): string {
  if (chars < 1024 * 1024) return `${Math.max(1, Math.round(chars / 1024)).toLocaleString('en-US')} KB`;
  return `${(chars / 1024 / 1024).toFixed(1)} MB`;
}
