import { Injectable } from '@nestjs/common';
import type { estypes } from '@elastic/elasticsearch';
import type { CaseRecord, CaseSummary } from '@app/cases';
import { ArchiveGenerationTracker } from './archive-generation';
import { ArchiveIndexService, type ArchiveGeneration } from './archive-index.service';
import { buildCaseExportRequest, EXPORT_KEEP_ALIVE } from './case-export.query';
import { buildCaseListRequest, CaseListPageJson, CaseListParams, readCaseListPage, withSummariesFromSource } from './case-list.query';
import type { CaseFilterParams } from './case-filter.query';
import { buildRelatedCasesRequest } from './case-related.query';
import { buildStatsRequest, CaseStats, toStats } from './case-stats.query';
import { buildCaseSuggestRequest, CaseSuggestPage, CaseSuggestParams, CaseSuggestion, toCaseSuggestions } from './case-suggest.query';
import { INDEX_ONLY_FIELDS } from './case-index.definition';
import { readRawHits, type SortValues } from './raw-hits';
import { CaseNotFoundError } from './search.errors';
import { SpellingLookup } from './spelling-lookup';

/** Pages of full records, read on demand (one page ahead at most); close() releases the point in time. */
export interface CaseExportPages {
  /** The next page, each record as its JSON bytes, or null after the last one. */
  next(): Promise<Buffer[] | null>;
  close(): Promise<void>;
}

/**
 * Read-only access to the archive behind the alias. Engine failures leave here as domain errors.
 * Caching is the api's business (it caches response bytes); this layer only reads.
 */
@Injectable()
export class CasesRepository {
  constructor(
    private readonly index: ArchiveIndexService,
    private readonly generations: ArchiveGenerationTracker,
    private readonly spelling: SpellingLookup,
  ) {}

  /** The index the alias points at and whether Elasticsearch is reachable, as of the last probe. */
  generation(): Promise<ArchiveGeneration> {
    return this.generations.current();
  }

  /** The same, as of the last probe, synchronously (for the cached fast path). */
  get generationNow(): ArchiveGeneration {
    return this.generations.snapshot;
  }

  /**
   * A list page. With `q`, the spelling lookup's answer (remembered per word, see SpellingLookup)
   * says which words are misspelt and what they stand for; its corrected query, or a bolder one,
   * is the first page's did-you-mean where it finds what the typed words did not.
   */
  async list(params: CaseListParams): Promise<CaseListPageJson> {
    const searched = await this.spelling.resolve(params);
    const page = await this.readPage(buildCaseListRequest(this.index.alias, searched), params);
    // Decided when the request was read (didYouMeanOf): only the first page of a `q` search looks it up.
    const suggestion = params.didYouMean === 'look-up' ? await this.spelling.suggestionFor(searched, page.everyWordMatched ?? false) : undefined;
    return suggestion !== undefined ? { ...page, suggestion } : page;
  }

  async findById(id: string): Promise<CaseRecord> {
    const record = await this.index.findSource<CaseRecord>(id, INDEX_ONLY_FIELDS);
    if (!record) throw new CaseNotFoundError(id);
    return record;
  }

  /**
   * Completions of the typed text; when there are none, the text with its misspelt words corrected
   * (the spelling lookup's, the wider one first) where that has completions: did you mean.
   */
  async suggest(params: CaseSuggestParams): Promise<CaseSuggestPage> {
    const suggestions = await this.completions(params);
    if (suggestions.length > 0) return { suggestions };
    const spelling = await this.spelling.spellingOf(params.q);
    for (const corrected of new Set([await this.spelling.widerOf(params.q, spelling), spelling.suggestion])) {
      if (corrected !== undefined && (await this.completions({ ...params, q: corrected, limit: 1 })).length > 0) {
        return { suggestions, suggestion: corrected };
      }
    }
    return { suggestions };
  }

  private async completions(params: CaseSuggestParams): Promise<CaseSuggestion[]> {
    return toCaseSuggestions(await this.index.search(buildCaseSuggestRequest(this.index.alias, params)), params.q);
  }

  async stats(filters: CaseFilterParams = {}): Promise<CaseStats> {
    return toStats(await this.index.search(buildStatsRequest(this.index.alias, await this.spelling.resolve(filters))));
  }

  /** The cases most like this one (never itself); CaseNotFoundError for an unknown id. */
  async related(id: string, limit: number): Promise<CaseListPageJson<CaseSummary>> {
    const record = await this.findById(id);
    // No `fields`, highlight or match: each case is its whole summary.
    return (await this.readPage(buildRelatedCasesRequest(this.index.alias, record, limit))) as CaseListPageJson<CaseSummary>;
  }

  /**
   * A page of summaries. An index built by an ingest from before listings existed has none: its
   * page is read again from `_source` (until the next re-index), so an api upgraded first still answers.
   */
  private async readPage(request: estypes.SearchRequest, params: Parameters<typeof readCaseListPage>[1] = {}): Promise<CaseListPageJson> {
    const page = readCaseListPage(await this.index.searchBytes(request), params);
    return page ?? (readCaseListPage(await this.index.searchBytes(withSummariesFromSource(request)), params) as CaseListPageJson);
  }

  /**
   * Reads the first page before returning, so that an unreachable engine is still a clean 503
   * rather than a stream that breaks after its headers. One search is one consistent view, so
   * an export that fits in one page needs no point in time: the first page is read from the
   * concrete index behind the alias, and a point in time is opened on that same index only when
   * there is more to read (a re-index meanwhile moves the alias, never that index's contents).
   */
  async openExport(asked: CaseListParams, pageSize: number): Promise<CaseExportPages> {
    const params = await this.spelling.resolve(asked);
    const index = (await this.generation()).index ?? this.index.alias;
    const first = readExportPage(await this.index.searchBytes(buildCaseExportRequest({ index }, params, pageSize)));
    if (first.sources.length < pageSize || !first.lastSort) {
      let pending = first.sources.length > 0 ? first.sources : null;
      return {
        next: async () => {
          const page = pending;
          pending = null;
          return page;
        },
        close: async () => undefined,
      };
    }

    let pitId = await this.index.openPointInTime(index, EXPORT_KEEP_ALIVE);
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await this.index.closePointInTime(pitId);
    };
    const read = async (after: SortValues) => {
      const page = readExportPage(await this.index.searchBytes(buildCaseExportRequest({ pitId }, params, pageSize, after)));
      pitId = page.pitId ?? pitId;
      return page;
    };

    let pending: Promise<Awaited<ReturnType<typeof read>>> | null = Promise.resolve(first);
    return {
      next: async () => {
        if (!pending) return null;
        const { sources, lastSort } = await pending;
        // A short page is the last. Otherwise the next page is fetched while this one is sent:
        // two pages in memory at most, and Elasticsearch's time overlaps the client's.
        pending = sources.length < pageSize || closed || !lastSort ? null : read(lastSort);
        // Handled when next() awaits it; this only keeps an abandoned prefetch from crashing the process.
        pending?.catch(() => undefined);
        return sources.length > 0 ? sources : null;
      },
      close,
    };
  }
}

/** An export page: each full record's JSON, the last sort values and the point in time to go on with. */
function readExportPage(body: Buffer): { sources: Buffer[]; lastSort?: SortValues; pitId?: string } {
  const raw = readRawHits(body);
  if (raw) return raw;
  const response = JSON.parse(body.toString('utf8')) as estypes.SearchResponse<CaseRecord>;
  // filter_path drops `hits` altogether when there are none.
  const hits = response.hits?.hits ?? [];
  return {
    sources: hits.map((hit) => Buffer.from(JSON.stringify(hit._source))),
    lastSort: hits.at(-1)?.sort as SortValues | undefined,
    pitId: response.pit_id,
  };
}
