import { FIELD_LIMITS, tooLongMessage, type ConversationLimits } from '../domain';
import { formatPath, normKey, type Path } from './fields';

/**
 * A line or record is watched once this many characters of it are held: a shorter one cannot hold
 * a text longer than the limits below, and the parsed record's own checks name what it breaks.
 */
export const GUARD_FROM = 256 * 1024;

/** A bound a record broke while it arrived: where (path inside the record, 1-based line offset) and why. */
export interface Oversize {
  /** Path inside the record, e.g. `turns[0].content`; '' when outside any field. */
  field: string;
  /** Newlines of the record before the place, to add to the record's first line. */
  newlines: number;
  message: string;
}

// Top-level fields with a limit of their own (by normalised name).
const TOP_LEVEL: Record<string, number> = {
  chatbotrole: FIELD_LIMITS.chatbotRoleChars,
  scenario: FIELD_LIMITS.scenarioChars,
  expectedoutcome: FIELD_LIMITS.expectedOutcomeChars,
  userdescription: FIELD_LIMITS.userDescriptionChars,
};
const TOOLS = new Set(['toolscalled', 'expectedtools', 'availabletools', 'toolcalls', 'tools', 'functioncall']);
const METADATA = new Set(['metadata', 'additionalmetadata']);

interface TextLimit {
  /** Where the guard stops reading. Never below what the parsed record's checks accept for any format (a key unknown to a format is metadata), so a record is never refused here that they would take. */
  trip: number;
  /** The limit the message names. */
  max: number;
  setting?: string;
}

/** The limit of one text at `path` while it streams. */
function textLimit(path: Path, limits: ConversationLimits): TextLimit {
  const general = Math.max(limits.maxTurnChars, FIELD_LIMITS.metadataChars);
  if (path.length === 1 && typeof path[0] === 'string') {
    const own = TOP_LEVEL[normKey(path[0])];
    if (own !== undefined) return { trip: Math.max(own, FIELD_LIMITS.metadataChars), max: own };
  }
  for (const part of path) {
    if (typeof part !== 'string') continue;
    const key = normKey(part);
    if (TOOLS.has(key)) return { trip: FIELD_LIMITS.toolCallChars, max: FIELD_LIMITS.toolCallChars };
    if (METADATA.has(key)) return { trip: FIELD_LIMITS.metadataChars, max: FIELD_LIMITS.metadataChars };
  }
  return { trip: general, max: limits.maxTurnChars, setting: 'TURNWISE_MAX_TURN_CHARS' };
}

interface Frame {
  array: boolean;
  /** Its key in its parent (null for the record itself). */
  key: string | number | null;
  /** Objects: the key read last; arrays: the index of the item being read. */
  at: string | number;
  /** Objects: whether the next string is a key. */
  expectKey: boolean;
}

/** Characters of a key kept for the path (longer keys are cut: the path is for people). */
const KEY_CHARS = 200;

/**
 * Follows one JSON record as it arrives (any number of pieces) with the path of the value being
 * read, and stops at the first text longer than its field's limit or when the record passes
 * FIELD_LIMITS.recordChars: nothing is held but the path. Text it is fed need not be valid JSON;
 * JSON.parse says what is wrong later.
 */
export class RecordGuard {
  private readonly stack: Frame[] = [];
  private chars = 0;
  private newlines = 0;
  private inString = false;
  private isKey = false;
  private escape = 0;
  private key = '';
  private stringChars = 0;
  private limit: TextLimit = { trip: Infinity, max: Infinity };
  private found: Oversize | null = null;

  constructor(
    private readonly limits: ConversationLimits,
    private readonly recordChars: number = FIELD_LIMITS.recordChars,
  ) {}

  get oversize(): Oversize | null {
    return this.found;
  }

  /** Feeds the next piece of the record; the bound it broke, or null. */
  feed(text: string): Oversize | null {
    if (this.found) return this.found;
    if (this.chars + text.length > this.recordChars) {
      // Where the bound falls: follow the path up to it.
      this.scan(text.slice(0, this.recordChars - this.chars));
      if (this.found) return this.found;
      const n = this.recordChars.toLocaleString('en-US');
      this.found = { field: formatPath(this.path()), newlines: this.newlines, message: `the record is longer than ${n} characters, the most one line, record or row may hold; split the conversation` };
      return this.found;
    }
    this.chars += text.length;
    this.scan(text);
    return this.found;
  }

  private path(): Path {
    const out: Path = [];
    for (const frame of this.stack) {
      if (frame.key !== null) out.push(frame.key);
    }
    const top = this.stack[this.stack.length - 1];
    if (top && !(top.expectKey && !top.array) && top.at !== '') out.push(top.at);
    return out;
  }

  private scan(text: string): void {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) this.newlines++;
      if (this.inString) {
        if (this.escape === 1) {
          // The character after a backslash is one character of the text; \uXXXX's four digits follow.
          this.escape = c === 117 /* u */ ? 5 : 0;
          this.count(text, i);
          if (this.found) return;
          continue;
        }
        if (this.escape > 1) {
          this.escape = this.escape === 2 ? 0 : this.escape - 1;
          continue;
        }
        if (c === 92 /* \ */) {
          this.escape = 1;
          continue;
        }
        if (c === 34 /* " */) {
          this.endString();
          continue;
        }
        // A run of plain characters at once: most of a long text is here.
        let j = i;
        while (j < text.length) {
          const d = text.charCodeAt(j);
          if (d === 34 || d === 92) break;
          if (d === 10) this.newlines++;
          j++;
        }
        if (c === 10) this.newlines--; // counted above for i already
        const run = j - i;
        if (this.isKey) {
          if (this.key.length < KEY_CHARS) this.key += text.slice(i, Math.min(j, i + KEY_CHARS - this.key.length));
        } else {
          this.stringChars += run;
          if (this.stringChars > this.limit.trip) return this.tooLong();
        }
        i = j - 1;
        continue;
      }
      this.structure(c);
    }
  }

  private count(text: string, i: number): void {
    if (this.isKey) {
      if (this.key.length < KEY_CHARS) this.key += text[i];
      return;
    }
    if (++this.stringChars > this.limit.trip) this.tooLong();
  }

  private tooLong(): void {
    const path = this.path();
    const last = path[path.length - 1];
    const what = typeof last === 'string' ? last : 'the text';
    const general = this.limit.setting !== undefined && what !== 'content';
    const message = general
      ? `${what} has more than ${this.limit.trip.toLocaleString('en-US')} characters: no text in a record may be longer than a turn's content (at most ${this.limit.max.toLocaleString('en-US')}, ${this.limit.setting})`
      : tooLongMessage(what, { moreThan: this.limit.trip }, this.limit.max, this.limit.setting);
    this.found = { field: formatPath(path), newlines: this.newlines, message };
  }

  private endString(): void {
    this.inString = false;
    const top = this.stack[this.stack.length - 1];
    if (this.isKey && top) {
      top.at = this.key;
      top.expectKey = false;
    }
    this.isKey = false;
  }

  private structure(c: number): void {
    const top = this.stack[this.stack.length - 1];
    switch (c) {
      case 34: // "
        this.inString = true;
        this.isKey = !!top && !top.array && top.expectKey;
        this.key = '';
        this.stringChars = 0;
        if (!this.isKey) this.limit = textLimit(this.path(), this.limits);
        return;
      case 123: // {
      case 91: // [
        this.stack.push({ array: c === 91, key: top ? top.at : null, at: c === 91 ? 0 : '', expectKey: c === 123 });
        return;
      case 125: // }
      case 93: // ]
        this.stack.pop();
        return;
      case 44: // ,
        if (!top) return;
        if (top.array) top.at = (top.at as number) + 1;
        else {
          top.expectKey = true;
          top.at = '';
        }
        return;
      default:
        return;
    }
  }
}
