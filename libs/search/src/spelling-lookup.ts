import type { estypes } from '@elastic/elasticsearch';
import { LRUCache } from 'lru-cache';
import type { ArchiveGenerationTracker } from './archive-generation';
import type { ArchiveIndexService } from './archive-index.service';
import { ENGLISH_INDEX_ANALYZER } from './case-keyword.query';
import {
  inflectionCheckText,
  type KeywordSpelling,
  keywordSpelling,
  lookupWords,
  NOTHING_MISSPELT,
  readWideCorrections,
  readWordCorrections,
  spellingLookupRequest,
  suggestionCheckRequest,
  suggestionHelps,
  withoutInflections,
} from './spelling-lookup.query';
import type { CaseFilterParams } from './case-filter.query';

/** How many looked-up words are remembered (a word and its answer are a few dozen bytes). */
const REMEMBERED_WORDS = 50_000;

/**
 * What is remembered of a word: its correction (for the search and the did-you-mean), or only a
 * wider one (for the did-you-mean, see wideCorrections), or neither: the archive has it as typed,
 * or nothing near it.
 */
interface WordAnswer {
  correction?: string;
  wide?: string;
}
const AS_TYPED: WordAnswer = Object.freeze({});

/**
 * The spelling lookup (spellingLookupRequest) for a `q`, remembered word by word for as long as the
 * alias points at the same index: the words people type recur far more than whole queries do, so
 * nearly every search finds its words' answers here and costs Elasticsearch one search, not two.
 * A word is asked about again only after a re-index, whose vocabulary may differ. Every search with
 * `q` goes through here (list, stats, export, feed), so they all list the same cases for it.
 */
export class SpellingLookup {
  private readonly words = new LRUCache<string, WordAnswer>({ max: REMEMBERED_WORDS });
  private generation: string | null | undefined;

  constructor(
    private readonly index: ArchiveIndexService,
    private readonly generations: ArchiveGenerationTracker,
  ) {}

  /** The parameters with what the lookup found for their `q` (none without `q`). */
  async resolve<T extends { q?: string }>(params: T): Promise<T & { spelling?: KeywordSpelling }> {
    return params.q ? { ...params, spelling: await this.spellingOf(params.q) } : params;
  }

  async spellingOf(q: string): Promise<KeywordSpelling> {
    const words = lookupWords(q);
    if (words.length === 0) return NOTHING_MISSPELT;
    this.forgetIfReindexed((await this.generations.current()).index);
    const unknown = [...new Set(words.filter((word) => !this.words.has(word)))];
    const found: WordCorrections =
      unknown.length > 0 ? await lookUpCorrections(this.index.alias, unknown, this.index) : { corrections: {}, wide: {}, checked: true };
    const answers = new Map<string, WordAnswer>();
    for (const word of unknown) {
      const answer = Object.hasOwn(found.corrections, word)
        ? { correction: found.corrections[word] }
        : Object.hasOwn(found.wide, word)
          ? { wide: found.wide[word] }
          : AS_TYPED;
      answers.set(word, answer);
      // An unchecked correction serves this search only: the word is asked about again next time.
      if (found.checked || answer === AS_TYPED) this.words.set(word, answer);
    }
    const corrections: Record<string, string> = {};
    const wide: Record<string, string> = {};
    for (const word of words) {
      const answer = answers.get(word) ?? this.words.get(word) ?? AS_TYPED;
      if (answer.correction) corrections[word] = answer.correction;
      if (answer.wide) wide[word] = answer.wide;
    }
    return keywordSpelling(q, corrections, wide);
  }

  /**
   * The did-you-mean of a first page, only where it finds what the typed words did not. The usual
   * suggestion's corrections are already in the search, so it helps when some case of the page
   * matched every word (`everyWordMatched`). The wider one is not: it helps when the page has no
   * such case and one search (suggestionCheckRequest) finds one for it.
   */
  async suggestionFor(params: CaseFilterParams & { q?: string; spelling?: KeywordSpelling }, everyWordMatched: boolean): Promise<string | undefined> {
    const spelling = params.spelling;
    if (!params.q || !spelling) return undefined;
    if (spelling.wider !== undefined && !everyWordMatched) {
      const check = suggestionCheckRequest(this.index.alias, { ...params, q: params.q, spelling }, spelling.wider);
      if (suggestionHelps(await this.index.search(check))) return spelling.wider;
    }
    return everyWordMatched ? spelling.suggestion : undefined;
  }

  private forgetIfReindexed(index: string | null): void {
    if (index === this.generation) return;
    this.words.clear();
    this.generation = index;
  }
}

/** What the lookup asks Elasticsearch: a search (the term suggester) and an analysis (the inflection check). */
export interface SpellingEngine {
  search(request: estypes.SearchRequest): Promise<{ suggest?: Record<string, estypes.SearchSuggest[]> }>;
  analyze(analyzer: string, text: string): Promise<{ token: string; start_offset: number }[]>;
}

/** The corrections found for some words, the wider ones for the rest, and whether the inflection check ran on them. */
export interface WordCorrections {
  corrections: Record<string, string>;
  wide: Record<string, string>;
  checked: boolean;
}

/**
 * The corrections for words not seen before: the term suggester's, less those that only inflect
 * the typed word (withoutInflections), which the analyzer tells apart in a second, small request
 * made only when there is a correction to check. The one sequence of requests the lookup makes;
 * the benchmark runs it too, through an engine that records each request to replay it.
 */
export async function lookUpCorrections(alias: string, words: string[], engine: SpellingEngine): Promise<WordCorrections> {
  const request = spellingLookupRequest(alias, words);
  if (!request) return { corrections: {}, wide: {}, checked: true };
  const { suggest } = await engine.search(request);
  const suggested = readWordCorrections(words, suggest);
  // A word the usual lookup corrected (even to an inflection, dropped below) gets no wider correction.
  const wide = readWideCorrections(words, suggest, suggested);
  const all = { ...suggested, ...wide };
  if (Object.keys(all).length === 0) return { corrections: suggested, wide, checked: true };
  try {
    const kept = withoutInflections(all, await engine.analyze(ENGLISH_INDEX_ANALYZER, inflectionCheckText(all)));
    const keep = (from: Record<string, string>) => Object.fromEntries(Object.entries(from).filter(([word]) => Object.hasOwn(kept, word)));
    return { corrections: keep(suggested), wide: keep(wide), checked: true };
  } catch {
    // Elasticsearch runs _analyze on a small pool that turns a burst away (429). The check only
    // spares a needless layer and a wrong did-you-mean, so the search goes on without it.
    return { corrections: suggested, wide, checked: false };
  }
}
