import { LRUCache } from 'lru-cache';
import { type AliasMatch, findAliases } from './case-aliases';
import { chineseWords } from './chinese-words';
import { findDates, type QueryDate } from './query-dates';

/**
 * What a `q` means, decided once for every reader of it (the keyword query, `match`, the spelling
 * lookup, highlights): the dates it names, the text left once they are taken out, that text's words
 * (a run of Chinese characters split into its words), and the cases it names by an alias.
 */
export interface KeywordQuery {
  /** `q` without its dates: what the layers look for in the record's text. */
  text: string;
  /** The words of `text`: split on whitespace, each run of Chinese characters into its words (chineseWords). */
  words: string[];
  /** The days of the dates `q` names (see findDates), looked for in the incident date. */
  dates: QueryDate[];
  /** Cases `q` names by an alias (elastic/index/case-aliases.json), with the indexes into `words` that name them. */
  aliases: AliasMatch[];
  /** The words of `text` as typed (split on whitespace) that name an alias: not misspelt, whatever the archive says. */
  aliasWords: string[];
}

/**
 * What the spelling lookup (spelling-lookup.query.ts) found for a `q`: read by the keyword query,
 * the list and the stats alike, so it is held here with the rest of what `q` means.
 */
export interface KeywordSpelling {
  /** Each word of the query the archive lacks as typed, with the indexed word nearest to it. */
  corrections: Record<string, string>;
  /** The query with those words corrected (did you mean), when there is one. */
  suggestion?: string;
  /**
   * The query with, besides those, the words the archive lacks that have no indexed word within
   * the usual edits corrected more boldly (wideCorrections): a did-you-mean to offer only where it
   * finds what the typed words did not (suggestionCheckRequest). The search itself never uses it.
   */
  wider?: string;
}

/** A query none of whose words needs looking up (no Latin word of 4 letters or more): nothing is misspelt. */
export const NOTHING_MISSPELT: KeywordSpelling = Object.freeze({ corrections: Object.freeze({}) }) as KeywordSpelling;

/** A word of Chinese characters only (punctuation aside). */
const HAN_WORD = /^[\p{Script=Han}\p{P}]*\p{Script=Han}[\p{Script=Han}\p{P}]*$/u;

/** Each `q` is read for its request and again for its hits' `match`: remembered, not read twice. */
const READ = new LRUCache<string, KeywordQuery>({ max: 1000 });

export function readKeywordQuery(q: string): KeywordQuery {
  const known = READ.get(q);
  if (known) return known;
  const { dates, rest } = findDates(q);
  const typed = rest.split(/\s+/).filter((word) => word.length > 0);
  const words: string[] = [];
  const at: number[][] = [];
  for (const word of typed) {
    const split = HAN_WORD.test(word) ? chineseWords(word) : [];
    const parts = split.length > 0 ? split : [word];
    at.push(parts.map((_, j) => words.length + j));
    words.push(...parts);
  }
  const found = findAliases(typed);
  const aliases = found.map(({ cases, words: named }) => ({ cases, words: named.flatMap((i) => at[i]) }));
  const aliasWords = found.flatMap(({ words: named }) => named.map((i) => typed[i]));
  const read = { text: rest, words, dates, aliases, aliasWords };
  READ.set(q, read);
  return read;
}
