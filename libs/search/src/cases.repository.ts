import { Inject, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Client, errors, type estypes, type TransportRequestOptions } from '@elastic/elasticsearch';
import type { CaseRecord } from '@app/cases';
import type { Environment } from '@app/config';
import { ArchiveGeneration, ArchiveGenerationTracker, isUnreachable } from './archive-generation';
import { buildCaseExportRequest, EXPORT_KEEP_ALIVE } from './case-export.query';
import { buildCaseListRequest, CaseListPageJson, CaseListParams, readCaseListPage } from './case-list.query';
import { buildStatsRequest, CaseStats, toStats } from './case-stats.query';
import { readRequestOptions } from './elasticsearch.client';
import { ELASTICSEARCH_CLIENT } from './elasticsearch.token';
import { readRawHits, type SortValues } from './raw-hits';
import { ArchiveUnavailableError, CaseNotFoundError, ElasticsearchUnreachableError } from './search.errors';

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
  private readonly alias: string;
  readonly readOptions: Pick<TransportRequestOptions, 'requestTimeout' | 'maxRetries'>;

  constructor(
    @Inject(ELASTICSEARCH_CLIENT) private readonly client: Client,
    private readonly generations: ArchiveGenerationTracker,
    config: ConfigService<Environment, true>,
  ) {
    this.alias = config.get('CASES_ALIAS', { infer: true });
    this.readOptions = readRequestOptions(config.get('SEARCH_TIMEOUT_MS', { infer: true }), client.connectionPool.size);
  }

  /** The index the alias points at and whether Elasticsearch is reachable, as of the last probe. */
  generation(): Promise<ArchiveGeneration> {
    return this.generations.current();
  }

  /** The same, as of the last probe, synchronously (for the cached fast path). */
  get generationNow(): ArchiveGeneration {
    return this.generations.snapshot;
  }

  async list(params: CaseListParams): Promise<CaseListPageJson> {
    return readCaseListPage(await this.call(() => this.searchBytes(buildCaseListRequest(this.alias, params))), params);
  }

  findById(id: string): Promise<CaseRecord> {
    return this.call(async () => {
      try {
        const response = await this.client.get<CaseRecord>({ index: this.alias, id, _source_excludes: ['point'] }, this.readOptions);
        return response._source as CaseRecord;
      } catch (error) {
        // A missing document answers 404 with found=false; a missing index also answers 404.
        if (error instanceof errors.ResponseError && error.body?.found === false) throw new CaseNotFoundError(id);
        throw error;
      }
    });
  }

  async stats(): Promise<CaseStats> {
    return toStats(await this.call(() => this.client.search(buildStatsRequest(this.alias), this.readOptions)));
  }

  /**
   * Reads the first page before returning, so that an unreachable engine is still a clean 503
   * rather than a stream that breaks after its headers. One search is one consistent view, so
   * an export that fits in one page needs no point in time: the first page is read from the
   * concrete index behind the alias, and a point in time is opened on that same index only when
   * there is more to read (a re-index meanwhile moves the alias, never that index's contents).
   */
  async openExport(params: CaseListParams, pageSize: number): Promise<CaseExportPages> {
    const index = (await this.generation()).index ?? this.alias;
    const first = readExportPage(await this.call(() => this.searchBytes(buildCaseExportRequest({ index }, params, pageSize))));
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

    const pit = await this.call(() => this.client.openPointInTime({ index, keep_alive: EXPORT_KEEP_ALIVE }, this.readOptions));
    let pitId = pit.id;
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      // Best effort: an unreleased point in time lapses on its own after EXPORT_KEEP_ALIVE.
      await this.client.closePointInTime({ id: pitId }).catch(() => undefined);
    };
    const read = async (after: SortValues) => {
      const page = readExportPage(await this.call(() => this.searchBytes(buildCaseExportRequest({ pitId }, params, pageSize, after))));
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

  /**
   * A search whose response is wanted as bytes (the list and export pass the documents' JSON on
   * without parsing it). The client retries onto another node only while it reads a response
   * itself; a streamed one is read here, so its 502/503/504 answers and bodies cut off by a lost
   * node get the same retries here (none with a single node). An error status becomes the
   * client's ResponseError and a broken body its ConnectionError, as a parsed search would throw.
   */
  private async searchBytes(request: estypes.SearchRequest): Promise<Buffer> {
    const attempts = 1 + (this.readOptions.maxRetries ?? 0);
    for (let attempt = 1; ; attempt += 1) {
      const last = attempt === attempts;
      const response = await this.client.search(request, { ...this.readOptions, asStream: true, meta: true });
      let body: Buffer;
      try {
        const chunks: Buffer[] = [];
        for await (const chunk of response.body as unknown as AsyncIterable<Buffer>) chunks.push(chunk);
        body = Buffer.concat(chunks);
      } catch (error) {
        // As the client does with a connection that fails: other reads (and the alias probe) go
        // elsewhere until it is resurrected.
        if (response.meta.connection) this.client.connectionPool.markDead(response.meta.connection);
        if (last) throw new errors.ConnectionError((error as Error).message, response);
        continue;
      }
      const status = response.statusCode ?? 500;
      if (status < 400) return body;
      if (!last && RETRIED_STATUSES.has(status)) continue;
      throw new errors.ResponseError({ ...response, body: parseErrorBody(body.toString('utf8')) });
    }
  }

  /** Fails fast while the circuit is open; opens it when no node answers. */
  private async call<T>(request: () => Promise<T>): Promise<T> {
    if (!this.generations.reachable) throw new ElasticsearchUnreachableError();
    try {
      return await request();
    } catch (error) {
      const domain = toDomainError(error);
      if (domain instanceof ElasticsearchUnreachableError && !(error instanceof errors.TimeoutError)) this.generations.reportUnreachable();
      throw domain;
    }
  }
}

/** The statuses the client itself retries on another node: a gateway or a node that cannot serve now. */
const RETRIED_STATUSES = new Set([502, 503, 504]);

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

function parseErrorBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Maps what the client throws to what the api can explain; anything unexpected passes through. */
export function toDomainError(error: unknown): unknown {
  if (error instanceof CaseNotFoundError || error instanceof ArchiveUnavailableError) return error;
  if (isUnreachable(error)) return new ElasticsearchUnreachableError({ cause: error });
  if (error instanceof errors.ResponseError) {
    if (error.body?.error?.type === 'index_not_found_exception') {
      return new ArchiveUnavailableError('The archive has not been indexed yet', { cause: error });
    }
    if (error.statusCode === 429 || error.statusCode === 503) {
      return new ArchiveUnavailableError('Elasticsearch is overloaded', { cause: error });
    }
  }
  return error;
}
