import type { PiiKind } from './kinds';

/*
 * A hand-written scanner for the built-in kinds, in one pass over the text. A candidate starts
 * only where the character before it ends a word (so a run of digits or letters is tried once, at
 * its start), and each candidate reads a bounded number of characters (an email's local part 64,
 * its domain 255, a number 40): the scan is linear in the text whatever it holds. The rules, which
 * docs/datasets.md ("Redacting personal data") states for users:
 *
 * - email: local part of [A-Za-z0-9._%+-] (1–64), @, two or more domain labels of letters, digits
 *   and -, the last 2–24 letters (not an image extension: icon@2x.png is a file name).
 * - phone: + and 8–15 digits (E.164), single spaces, - or . between groups, one (0) or (20)
 *   allowed; or 10–11 digits written in three or more groups with one kind of separator (space, -
 *   or .) or an area code in parentheses: 555-123-4567, (555) 123-4567, 020 7946 0958. Groups of
 *   exactly three after the first (1.234.567.890) are thousands, not a phone.
 * - card: 13–19 digits starting 2–6 (the card networks' prefixes), in one run or in groups of 3–6
 *   split by one kind of separator (space or -), that pass the Luhn check.
 * - ip: IPv4 dotted quads (0–255, no leading zeros; a port or /prefix after it stays); IPv6 of 8
 *   groups, or compressed with :: and 2–7 groups, at least one digit among them.
 *
 * Whatever a candidate is, it must stand alone: the character after it is not a letter, digit, _
 * or @, nor one of . - / : followed by one (ORD-555-123-4567 is an order number, 1.2.3.4.5 a version).
 */

export type Found = { start: number; end: number; kind: PiiKind };

const MAX_LOCAL = 64;
const MAX_DOMAIN = 255;
const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'avif']);

const isDigit = (c: number) => c >= 48 && c <= 57;
const isAsciiLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isHex = (c: number) => isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
const WIDE_WORD = /[\p{L}\p{N}\p{M}]/u;
/** A letter or digit of any script (a non-ASCII one is looked up, one character at a time). */
function isWord(c: number): boolean {
  if (c < 128) return isDigit(c) || isAsciiLetter(c) || c === 95;
  return !Number.isNaN(c) && WIDE_WORD.test(String.fromCharCode(c));
}
const isLocalChar = (c: number) => isDigit(c) || isAsciiLetter(c) || c === 46 || c === 95 || c === 37 || c === 43 || c === 45;
const isDomainChar = (c: number) => isDigit(c) || isAsciiLetter(c) || c === 46 || c === 45;

// . - / # @ $ + , € £ ¥ \ : before a number make it part of something else (a version, an id, an amount).
const JOINERS = new Set([46, 45, 47, 35, 64, 36, 43, 44, 8364, 163, 165, 92]);

/** Whether a number may start at `i`: the character before it ends a word and joins nothing. */
function numberMayStart(text: string, i: number): boolean {
  if (i === 0) return true;
  const prev = text.charCodeAt(i - 1);
  return !isWord(prev) && !JOINERS.has(prev);
}

/** Whether an address may start at `i`: after a URL's // or a user@ too, but not inside a word, a version or an id. */
function addressMayStart(text: string, i: number): boolean {
  if (i === 0) return true;
  const prev = text.charCodeAt(i - 1);
  return !isWord(prev) && prev !== 46 && prev !== 45 && prev !== 58;
}

/** Whether a candidate ending at `j` stands alone; `port` lets `:8080` or a path follow (an address). */
function standsAlone(text: string, j: number, port = false): boolean {
  if (j >= text.length) return true;
  const c = text.charCodeAt(j);
  if (isWord(c) || c === 64) return false;
  if (c === 46 || c === 45 || c === 47 || c === 58) {
    if (port && (c === 47 || (c === 58 && isDigit(text.charCodeAt(j + 1))))) return true;
    return !isWord(text.charCodeAt(j + 1));
  }
  return true;
}

function luhn(digits: number[]): boolean {
  let sum = 0;
  for (let k = digits.length - 1, double = false; k >= 0; k--, double = !double) {
    let d = digits[k];
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A card number starting at `i`: its end, or -1. */
function cardAt(text: string, i: number): number {
  const first = text.charCodeAt(i) - 48;
  if (first < 2 || first > 6) return -1;
  const digits: number[] = [];
  const groups: number[] = [];
  let sep = -1;
  let j = i;
  for (;;) {
    let run = 0;
    while (isDigit(text.charCodeAt(j))) {
      if (digits.length === 19) return -1;
      digits.push(text.charCodeAt(j) - 48);
      run++;
      j++;
    }
    groups.push(run);
    const c = text.charCodeAt(j);
    if ((c === 32 || c === 45) && (sep === -1 || sep === c) && isDigit(text.charCodeAt(j + 1))) {
      // A group split off is 3–6 digits: a shorter or longer one ends the candidate here, not 19 digits on.
      if (run < 3 || run > 6) return -1;
      sep = c;
      j++;
      continue;
    }
    break;
  }
  if (digits.length < 13) return -1;
  if (groups.length > 1 && (groups[groups.length - 1] < 3 || groups[groups.length - 1] > 6)) return -1;
  if (!standsAlone(text, j) || !luhn(digits)) return -1;
  return j;
}

/** A run of at most `max` digits from `j`: its length (max + 1 when longer). */
function digitRun(text: string, j: number, max: number): number {
  let n = 0;
  while (n <= max && isDigit(text.charCodeAt(j + n))) n++;
  return n;
}

/** A phone number written with + (E.164) starting at `i` (the +): its end, or -1. */
function internationalAt(text: string, i: number): number {
  let j = i + 1;
  const first = digitRun(text, j, 15);
  if (first === 0 || first > 15 || text.charCodeAt(j) === 48) return -1;
  let digits = first;
  j += first;
  let groups = 0;
  let paren = false;
  for (;;) {
    let k = j;
    const c = text.charCodeAt(k);
    if (c === 32 || c === 45 || c === 46) k++;
    if (text.charCodeAt(k) === 40 && !paren) {
      const n = digitRun(text, k + 1, 4);
      if (n === 0 || n > 4 || text.charCodeAt(k + 1 + n) !== 41) break;
      paren = true;
      digits += n;
      j = k + n + 2;
      continue;
    }
    const n = digitRun(text, k, 15);
    // Groups after the country code have two digits or more, but the first (France's 6 12 34 56 78).
    if (n === 0 || (n === 1 && groups > 0)) break;
    digits += n;
    if (digits > 15) return -1;
    groups++;
    j = k + n;
  }
  if (digits < 8 || !standsAlone(text, j)) return -1;
  return j;
}

/** A national phone number (10–11 digits in groups) starting at `i`: its end, or -1. */
function nationalAt(text: string, i: number): number {
  let j = i;
  let digits = 0;
  let paren = false;
  const groups: number[] = [];
  if (text.charCodeAt(j) === 40) {
    const n = digitRun(text, j + 1, 5);
    if (n < 2 || n > 5 || text.charCodeAt(j + 1 + n) !== 41) return -1;
    paren = true;
    digits = n;
    j += n + 2;
    const c = text.charCodeAt(j);
    if ((c === 32 || c === 45) && isDigit(text.charCodeAt(j + 1))) j++;
  }
  let sep = -1;
  for (;;) {
    const n = digitRun(text, j, 5);
    if (n > 5 || n === 0 || (n === 1 && (groups.length > 0 || paren))) return -1;
    groups.push(n);
    digits += n;
    if (digits > 11) return -1;
    j += n;
    const c = text.charCodeAt(j);
    if ((c === 32 || c === 45 || c === 46) && (sep === -1 || sep === c) && isDigit(text.charCodeAt(j + 1))) {
      sep = c;
      j++;
      continue;
    }
    break;
  }
  if (digits < 10) return -1;
  if (paren ? groups.length < 2 : groups.length < 3) return -1;
  if (!paren && groups.slice(1).every((g) => g === 3)) return -1;
  if (!standsAlone(text, j)) return -1;
  return j;
}

/** One decimal octet (0–255, no leading zero) at `j`: its length, or 0. */
function octetAt(text: string, j: number): number {
  const n = digitRun(text, j, 3);
  if (n === 0 || n > 3) return 0;
  if (n > 1 && text.charCodeAt(j) === 48) return 0;
  return Number(text.slice(j, j + n)) <= 255 ? n : 0;
}

/** A dotted IPv4 address at `i`: its end (before any port), or -1. */
function ipv4End(text: string, i: number): number {
  let j = i;
  for (let part = 0; part < 4; part++) {
    if (part > 0) {
      if (text.charCodeAt(j) !== 46) return -1;
      j++;
    }
    const n = octetAt(text, j);
    if (!n) return -1;
    j += n;
  }
  return j;
}

function ipv4At(text: string, i: number): number {
  const j = ipv4End(text, i);
  return j !== -1 && standsAlone(text, j, true) ? j : -1;
}

/** An IPv6 address at `i` (a hex digit, or the first : of a leading ::): its end, or -1. */
function ipv6At(text: string, i: number): number {
  let j = i;
  let groups = 0;
  let compressed = false;
  let digit = false;
  if (text.charCodeAt(j) === 58) {
    if (text.charCodeAt(j + 1) !== 58) return -1;
    compressed = true;
    j += 2;
  }
  for (;;) {
    let n = 0;
    while (n <= 4 && isHex(text.charCodeAt(j + n))) n++;
    if (n === 0) {
      if (groups === 0 && !compressed) return -1;
      break;
    }
    if (n > 4) return -1;
    // An IPv4 tail (::ffff:192.0.2.1) stands for the last two groups.
    const tail = text.charCodeAt(j + n) === 46 && (groups > 0 || compressed) ? ipv4End(text, j) : -1;
    if (tail !== -1) {
      const end = tail;
      groups += 2;
      digit = true;
      j = end;
      break;
    }
    for (let k = 0; k < n; k++) if (isDigit(text.charCodeAt(j + k))) digit = true;
    groups++;
    j += n;
    if (groups > 8) return -1;
    if (text.charCodeAt(j) === 58 && text.charCodeAt(j + 1) === 58) {
      if (compressed) return -1;
      compressed = true;
      j += 2;
      continue;
    }
    if (text.charCodeAt(j) === 58 && isHex(text.charCodeAt(j + 1))) {
      j++;
      continue;
    }
    break;
  }
  const whole = compressed ? groups >= 2 && groups <= 7 : groups === 8;
  if (!whole || !digit || text.charCodeAt(j) === 58) return -1;
  return standsAlone(text, j) ? j : -1;
}

/** An email address whose @ is at `at`, not reaching back before `floor`: its bounds, or null. */
function emailAround(text: string, at: number, floor: number): { start: number; end: number } | null {
  let start = at;
  while (start > floor && isLocalChar(text.charCodeAt(start - 1))) {
    start--;
    if (at - start > MAX_LOCAL) return null;
  }
  while (start < at && text.charCodeAt(start) === 46) start++;
  if (start === at || text.charCodeAt(at - 1) === 46) return null;
  let end = at + 1;
  while (end < text.length && isDomainChar(text.charCodeAt(end))) {
    end++;
    if (end - at > MAX_DOMAIN) return null;
  }
  while (end > at + 1 && (text.charCodeAt(end - 1) === 46 || text.charCodeAt(end - 1) === 45)) end--;
  const labels = text.slice(at + 1, end).split('.');
  if (labels.length < 2) return null;
  for (const label of labels) if (label.length === 0 || label.length > 63 || label.startsWith('-') || label.endsWith('-')) return null;
  const tld = labels[labels.length - 1];
  if (!/^[A-Za-z]{2,24}$/.test(tld) || IMAGE_EXTENSIONS.has(tld.toLowerCase())) return null;
  if (end < text.length && (text.charCodeAt(end) === 64 || isWord(text.charCodeAt(end)))) return null;
  return { start, end };
}

/** Every match of the given kinds in `text`, in order, none overlapping. */
export function scanPersonalData(text: string, kinds: ReadonlySet<PiiKind>): Found[] {
  const found: Found[] = [];
  const email = kinds.has('email');
  const phone = kinds.has('phone');
  const card = kinds.has('card');
  const ip = kinds.has('ip');
  let floor = 0;
  const take = (start: number, end: number, kind: PiiKind) => {
    found.push({ start, end, kind });
    floor = end;
    return end;
  };
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    if (c === 64) {
      const m = email ? emailAround(text, i, floor) : null;
      i = m ? take(m.start, m.end, 'email') : i + 1;
      continue;
    }
    if (c === 43) {
      const end = phone && numberMayStart(text, i) ? internationalAt(text, i) : -1;
      i = end !== -1 ? take(i, end, 'phone') : i + 1;
      continue;
    }
    if (c === 40) {
      const end = phone && numberMayStart(text, i) ? nationalAt(text, i) : -1;
      i = end !== -1 ? take(i, end, 'phone') : i + 1;
      continue;
    }
    if (isHex(c) || c === 58) {
      const address = ip && addressMayStart(text, i);
      const number = isDigit(c) && numberMayStart(text, i);
      let end = -1;
      let kind: PiiKind = 'ip';
      if (address && isDigit(c)) end = ipv4At(text, i);
      if (end === -1 && number && card) {
        end = cardAt(text, i);
        kind = 'card';
      }
      if (end === -1 && number && phone) {
        end = nationalAt(text, i);
        kind = 'phone';
      }
      if (end === -1 && address) {
        end = ipv6At(text, i);
        kind = 'ip';
      }
      i = end !== -1 ? take(i, end, kind) : i + 1;
      continue;
    }
    i++;
  }
  return found;
}
