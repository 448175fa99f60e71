// What people call cases, kept as JSON in elastic/ beside the analysis (read by code, never copied).
import aliasFile from '../../../elastic/index/case-aliases.json';
import traditionalToSimplified from '../../../elastic/index/zh-traditional-to-simplified.json';

/** Cases a query names by an alias, and which of its words (indexes into the words given) name them. */
export interface AliasMatch {
  cases: string[];
  words: number[];
}

/** One name of elastic/index/case-aliases.json, ready to compare. */
interface AliasName {
  /** Latin names: the lower-cased words; Chinese names: one entry, the name in Simplified characters. */
  words: string[];
  han: boolean;
  cases: string[];
}

const HAN = /\p{Script=Han}/u;

/** Traditional characters to Simplified, by the table the index analyzes Chinese with. */
const SIMPLIFIED = new Map(
  traditionalToSimplified.flatMap((rule) => {
    const [from, to] = rule.split(' => ');
    return [...from].length === 1 ? [[from, to] as const] : [];
  }),
);

function simplified(text: string): string {
  return [...text].map((c) => SIMPLIFIED.get(c) ?? c).join('');
}

/** A word as names are compared: lower case, NFKC, no quotes or punctuation around it. */
function comparable(word: string): string {
  return simplified(word.normalize('NFKC').toLowerCase()).replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, '');
}

const NAMES: AliasName[] = aliasFile.aliases.flatMap((alias) =>
  alias.names.map((name) =>
    HAN.test(name)
      ? { words: [comparable(name)], han: true, cases: alias.cases }
      : { words: name.split(/\s+/).map(comparable), han: false, cases: alias.cases },
  ),
);

/**
 * The aliases among `words` (a query's words, split on whitespace): a Latin name as the same words
 * in a row, a Chinese name anywhere within one word. Each case once, with every word that named it.
 */
export function findAliases(words: string[]): AliasMatch[] {
  const typed = words.map(comparable);
  const found = new Map<string, Set<number>>();
  for (const name of NAMES) {
    const at: number[][] = [];
    if (name.han) {
      typed.forEach((word, i) => {
        if (word.includes(name.words[0])) at.push([i]);
      });
    } else {
      for (let i = 0; i + name.words.length <= typed.length; i++) {
        if (name.words.every((word, j) => typed[i + j] === word)) at.push(name.words.map((_, j) => i + j));
      }
    }
    for (const indexes of at) {
      const key = name.cases.join(' ');
      const covered = found.get(key) ?? new Set<number>();
      for (const i of indexes) covered.add(i);
      found.set(key, covered);
    }
  }
  return [...found].map(([cases, covered]) => ({ cases: cases.split(' '), words: [...covered].sort((a, b) => a - b) }));
}
