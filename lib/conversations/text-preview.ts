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

/** Parts of a turn shown as text: its texts, and its tool calls and metadata as JSON (`jsonText`). */
export const TURN_PARTS = ['content', 'expectedOutput', 'retrievalContext', 'context', 'toolsCalled', 'expectedTools', 'metadata'] as const;
/** Fields of the conversation itself shown as text (tools and metadata as JSON). */
export const CONVERSATION_PARTS = ['scenario', 'expectedOutcome', 'chatbotRole', 'userDescription', 'context', 'availableTools', 'metadata'] as const;

/** Where a turn's text lives, so the page can ask for the whole of it. */
export interface TurnTextSource {
  conversationId: string;
  turnIndex: number;
  part: (typeof TURN_PARTS)[number];
  /** The item of a list part (retrievalContext, context), from 0. */
  item?: number;
}

/** Where a conversation's own field lives. */
export interface ConversationTextSource {
  conversationId: string;
  field: (typeof CONVERSATION_PARTS)[number];
  /** The item of a list field (context), from 0. */
  item?: number;
}

export type TextSource = TurnTextSource | ConversationTextSource;

/** A JSON value (tool calls, metadata) as the text a page shows, the same on the page and from the server. */
export const jsonText = (value: unknown): string => JSON.stringify(value, null, 2) ?? '';

/** Characters of a title (a name, an id, a scenario standing for the conversation). */
export const TITLE_CHARS = 120;

/** A title cut to TITLE_CHARS with an ellipsis. */
export function titleOf(text: string): string {
  const cut = previewOf(text, TITLE_CHARS);
  return cut.cut ? `${cut.text}…` : text;
}

/** "870 KB", "1.2 MB": the size of the whole text, for the button that loads it. */
export function sizeLabel(chars: number): string {
  if (chars < 1024 * 1024) return `${Math.max(1, Math.round(chars / 1024)).toLocaleString('en-US')} KB`;
  return `${(chars / 1024 / 1024).toFixed(1)} MB`;
}
