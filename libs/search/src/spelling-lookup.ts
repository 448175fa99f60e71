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
  readWordCorrections,
  spellingLookupRequest,
  withoutInflections,
} from './spelling-lookup.query';

/** How many looked-up words are remembered (a word and its answer are a few dozen bytes). */
const REMEMBERED_WORDS = 50_000;

/** A word the archive contains as typed, or has no indexed word near it: nothing to correct. */
const AS_TYPED = '';

/**
 * The spelling lookup (spellingLookupRequest) for a `q`, remembered word by word for as long as the
 * alias points at the same index: the words people type recur far more than whole queries do, so
 * nearly every search finds its words' answers here and costs Elasticsearch one search, not two.
 * A word is asked about again only after a re-index, whose vocabulary may differ. Every search with
 * `q` goes through here (list, stats, export, feed), so they all list the same cases for it.
 */
export class SpellingLookup {
  private readonly words = new LRUCache<string, string>({ max: REMEMBERED_WORDS });
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
    const found = unknown.length > 0 ? await lookUpCorrections(this.index.alias, unknown, this.index) : { corrections: {}, checked: true };
    for (const word of unknown) {
      // An unchecked correction serves this search only: the word is asked about again next time.
      if (found.checked || !Object.hasOwn(found.corrections, word)) this.words.set(word, found.corrections[word] ?? AS_TYPED);
    }
    const corrections: Record<string, string> = {};
    for (const word of words) {
      const correction = Object.hasOwn(found.corrections, word) ? found.corrections[word] : this.words.get(word);
      if (correction) corrections[word] = correction;
    }
    return keywordSpelling(q, corrections);
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

/** The corrections found for some words, and whether the inflection check ran on them. */
export interface WordCorrections {
  corrections: Record<string, string>;
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
  if (!request) return { corrections: {}, checked: true };
  const suggested = readWordCorrections(words, (await engine.search(request)).suggest);
  if (Object.keys(suggested).length === 0) return { corrections: suggested, checked: true };
  try {
    const tokens = await engine.analyze(ENGLISH_INDEX_ANALYZER, inflectionCheckText(suggested));
    return { corrections: withoutInflections(suggested, tokens), checked: true };
  } catch {
    // Elasticsearch runs _analyze on a small pool that turns a burst away (429). The check only
    // spares a needless layer and a wrong did-you-mean, so the search goes on without it.
    return { corrections: suggested, checked: false };
  }
}
