import type { estypes } from '@elastic/elasticsearch';
import { LRUCache } from 'lru-cache';
import type { ArchiveGenerationTracker } from './archive-generation';
import type { ArchiveIndexService } from './archive-index.service';
import { ENGLISH_INDEX_ANALYZER } from './case-keyword.query';
import {
  inflectionCheckText,
  keywordSpelling,
  lookupWords,
  readWideCorrections,
  readWordCorrections,
  spellingLookupRequest,
  suggestionCheckRequest,
  suggestionHelps,
  wideLookupRequest,
  withoutInflections,
  wordsToWiden,
} from './spelling-lookup.query';
import { type KeywordSpelling, NOTHING_MISSPELT } from './keyword-query';
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
  /** Asked only when wanted (SpellingLookup.widerOf): undefined until then, null when there is none. */
  wide?: string | null;
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
    const found = unknown.length > 0 ? await lookUpCorrections(this.index.alias, unknown, this.index) : { corrections: {}, checked: true };
    for (const word of unknown) {
      // An unchecked correction serves this search only: the word is asked about again next time.
      if (found.checked || !Object.hasOwn(found.corrections, word)) {
        // A word whose only correction was its own inflection is in the archive: nothing to widen.
        const inflected = found.suggested?.includes(word) === true;
        this.words.set(
          word,
          Object.hasOwn(found.corrections, word) ? { correction: found.corrections[word] } : inflected ? { wide: null } : AS_TYPED,
        );
      }
    }
    const corrections: Record<string, string> = {};
    for (const word of words) {
      const correction = Object.hasOwn(found.corrections, word) ? found.corrections[word] : this.words.get(word)?.correction;
      if (correction) corrections[word] = correction;
    }
    return keywordSpelling(q, corrections);
  }

  /**
   * The did-you-mean of the wider lookup (wideLookupRequest) for `q`, for the words the usual one
   * did not correct, remembered per word like the usual answer: undefined when it corrects none.
   */
  async widerOf(q: string, spelling: KeywordSpelling): Promise<string | undefined> {
    const words = wordsToWiden(q, spelling);
    if (words.length === 0) return undefined;
    this.forgetIfReindexed((await this.generations.current()).index);
    const unknown = [...new Set(words.filter((word) => this.words.get(word)?.wide === undefined))];
    const found = unknown.length > 0 ? await lookUpWide(this.index.alias, unknown, this.index) : { wide: {}, checked: true };
    for (const word of unknown) {
      if (found.checked || !Object.hasOwn(found.wide, word)) this.words.set(word, { ...this.words.get(word), wide: found.wide[word] ?? null });
    }
    const wide: Record<string, string> = {};
    for (const word of words) {
      const correction = Object.hasOwn(found.wide, word) ? found.wide[word] : this.words.get(word)?.wide;
      if (correction) wide[word] = correction;
    }
    return keywordSpelling(q, spelling.corrections, wide).wider;
  }

  /**
   * The did-you-mean of a first page, only where it finds what the typed words did not. The usual
   * suggestion's corrections are already in the search, so it helps when some case of the page
   * matched every word (`everyWordMatched`). Where none did, the lookup is widened (widerOf) and
   * its suggestion helps when one search (suggestionCheckRequest) finds that the typed words match
   * no case in full and its corrections are found together.
   */
  async suggestionFor(params: CaseFilterParams & { q?: string; spelling?: KeywordSpelling }, everyWordMatched: boolean): Promise<string | undefined> {
    const spelling = params.spelling;
    if (!params.q || !spelling) return undefined;
    if (everyWordMatched) return spelling.suggestion;
    const wider = await this.widerOf(params.q, spelling);
    if (wider === undefined) return undefined;
    const check = suggestionCheckRequest(this.index.alias, { ...params, q: params.q, spelling }, wider);
    return suggestionHelps(await this.index.search(check)) ? wider : undefined;
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
  /** Every word the suggester corrected, the inflections dropped from `corrections` included. */
  suggested?: string[];
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
  return { ...(await checked(suggested, engine)), suggested: Object.keys(suggested) };
}

/** The wider lookup's corrections for words the usual one did not correct, checked the same way. */
export async function lookUpWide(
  alias: string,
  words: string[],
  engine: SpellingEngine,
): Promise<{ wide: Record<string, string>; checked: boolean }> {
  const request = wideLookupRequest(alias, words);
  if (!request) return { wide: {}, checked: true };
  const { corrections, checked: ran } = await checked(readWideCorrections(words, (await engine.search(request)).suggest), engine);
  return { wide: corrections, checked: ran };
}

/** `suggested` less the corrections that only inflect the typed word, when the analyzer answers. */
async function checked(suggested: Record<string, string>, engine: SpellingEngine): Promise<WordCorrections> {
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
