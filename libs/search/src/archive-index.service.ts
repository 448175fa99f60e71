import { Client, errors, type estypes, type TransportRequestOptions } from '@elastic/elasticsearch';
import type { Environment } from '@app/config';
import { createElasticsearchClient } from './elasticsearch.client';
import { ReadDeadlines, readRequestOptions, type ReadRequestOptions } from './read-options';
import { searchAsBytes } from './search-as-bytes';
import { ArchiveUnavailableError, ElasticsearchUnreachableError } from './search.errors';

/** What a replica knows about the archive right now. */
export interface ArchiveGeneration {
  /** The concrete index behind the alias (null before the first ingest): the cache generation. */
  index: string | null;
  /** False from a failed connection until the next successful alias check: the circuit is open. */
  reachable: boolean;
}

/** The indices a GET _alias/<alias> response names, in name order (oldest first); none for a 404 body. */
export function indicesNamingAlias(response: Record<string, { aliases?: Record<string, unknown> }>, alias: string): string[] {
  return Object.keys(response)
    .filter((index) => response[index]?.aliases && alias in (response[index].aliases ?? {}))
    .sort();
}

/** The indices the alias names, oldest first; empty when the alias does not exist. Throws the client's error otherwise. */
export async function indicesBehindAlias(client: Client, alias: string, options: TransportRequestOptions = {}): Promise<string[]> {
  const response = await client.indices.getAlias({ name: alias }, { ...options, ignore: [404] });
  return indicesNamingAlias(response as never, alias);
}

/** The index a GET _alias/<alias> response names; ingest keeps the alias on exactly one index. */
export function generationOf(response: Record<string, { aliases?: Record<string, unknown> }>, alias: string): string | null {
  return indicesNamingAlias(response, alias)[0] ?? null;
}

/** Whether a client error means no node answered at all (as opposed to an answer we dislike). */
export function isUnreachable(error: unknown): boolean {
  return error instanceof errors.ConnectionError || error instanceof errors.NoLivingConnectionsError || error instanceof errors.TimeoutError;
}

/** A get of an id the archive does not hold answers 404 with found=false: an answer (the api's 404), not an engine error. */
export function isMissingDocument(error: unknown): boolean {
  return error instanceof errors.ResponseError && error.statusCode === 404 && (error.body as { found?: unknown } | undefined)?.found === false;
}

/** Maps what the client throws to what the api can explain; anything unexpected passes through. */
export function toDomainError(error: unknown): unknown {
  if (error instanceof ArchiveUnavailableError) return error;
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

/** The api's reads, with a client of their own. */
export function createArchiveIndex(
  env: Pick<Environment, 'ELASTICSEARCH_URL' | 'ELASTICSEARCH_TIMEOUT_MS' | 'CASES_ALIAS' | 'SEARCH_TIMEOUT_MS'>,
): ArchiveIndexService {
  return new ArchiveIndexService(createElasticsearchClient(env), env.CASES_ALIAS, env.SEARCH_TIMEOUT_MS);
}

/**
 * The api's owner of Elasticsearch access: every read the api makes goes through here, so the
 * alias, the read options, the circuit and the mapping of engine errors are each written once.
 * Reads (search, get, point in time) fail fast while the circuit is open and leave as domain
 * errors. The index lifecycle (create, load, swap the alias, drop) is the ingest's: see
 * ArchiveIndexLifecycle.
 */
export class ArchiveIndexService {
  /** What bounds each read: SEARCH_TIMEOUT_MS, through signals shared by reads that start together. */
  readonly deadlines: ReadDeadlines;
  private state: ArchiveGeneration = { index: null, reachable: true };

  constructor(
    private readonly client: Client,
    readonly alias: string,
    /** SEARCH_TIMEOUT_MS: how long one read may take. */
    readTimeoutMs: number,
  ) {
    this.deadlines = new ReadDeadlines(readTimeoutMs);
  }

  /** The options of a read that starts now. */
  readOptions(): ReadRequestOptions {
    return readRequestOptions(this.client.connectionPool.size, this.deadlines.signal());
  }

  // ---- The alias and the circuit

  /** The indices the alias names, oldest first; empty when the alias does not exist. Throws the client's error otherwise. */
  indicesBehindAlias(options: TransportRequestOptions = {}): Promise<string[]> {
    return indicesBehindAlias(this.client, this.alias, options);
  }

  /** The index the alias points at and whether Elasticsearch is reachable, as of the last resolveGeneration(). */
  get generation(): ArchiveGeneration {
    return this.state;
  }

  get reachable(): boolean {
    return this.state.reachable;
  }

  /** Opens the circuit: reads fail fast until resolveGeneration() gets through again. */
  reportUnreachable(): void {
    this.state = { ...this.state, reachable: false };
  }

  /**
   * Reads the alias again. Unreachable means no node answers: with several nodes, one lost node
   * is not a reason to open the circuit, so this tries the others as every read does. Anything
   * else (a 429, say) says nothing new about the alias: what we know is kept.
   */
  async resolveGeneration(): Promise<void> {
    try {
      const [index = null] = await this.indicesBehindAlias(this.readOptions());
      this.state = { index, reachable: true };
    } catch (error) {
      if (isUnreachable(timedOutIfAborted(error))) this.reportUnreachable();
    }
  }

  // ---- Reads: bounded, behind the circuit, failures as domain errors

  search<T>(request: estypes.SearchRequest): Promise<estypes.SearchResponse<T>> {
    return this.read(() => this.client.search<T>(request, this.readOptions()));
  }

  /** The tokens `analyzer` (one of the index's own, elastic/index) makes of `text`, with their offsets into it. */
  async analyze(analyzer: string, text: string): Promise<estypes.IndicesAnalyzeAnalyzeToken[]> {
    return (await this.read(() => this.client.indices.analyze({ index: this.alias, analyzer, text }, this.readOptions()))).tokens ?? [];
  }

  /** A search whose response is wanted as bytes (the list and export pass documents' JSON on unparsed). */
  searchBytes(request: estypes.SearchRequest): Promise<Buffer> {
    return this.read(() => searchAsBytes(this.client, request, this.readOptions()));
  }

  /** A document's source from the alias, or null when no document has this id. */
  findSource<T>(id: string, sourceExcludes: string[] = []): Promise<T | null> {
    return this.read(async () => {
      try {
        const response = await this.client.get<T>({ index: this.alias, id, _source_excludes: sourceExcludes }, this.readOptions());
        return response._source as T;
      } catch (error) {
        // A missing index also answers 404, but without found=false.
        if (isMissingDocument(error)) return null;
        throw error;
      }
    });
  }

  async openPointInTime(index: string, keepAlive: string): Promise<string> {
    return (await this.read(() => this.client.openPointInTime({ index, keep_alive: keepAlive }, this.readOptions()))).id;
  }

  /** Best effort: an unreleased point in time lapses on its own after its keep-alive. */
  async closePointInTime(id: string): Promise<void> {
    await this.client.closePointInTime({ id }).catch(() => undefined);
  }

  /**
   * Calls `listener` as each request ends, answered or failed, with its duration, from the
   * client's own diagnostic events: no call site has to remember to measure.
   */
  onRequestEnd(listener: (error: Error | null, seconds: number | undefined) => void): void {
    const started = new Map<unknown, bigint>();
    this.client.diagnostic.on('request', (_error, result) => {
      const id = result?.meta.request.id;
      if (id !== undefined) started.set(id, process.hrtime.bigint());
    });
    this.client.diagnostic.on('response', (error, result) => {
      const meta = result?.meta ?? (error as { meta?: { meta?: { request?: { id?: unknown } } } } | null)?.meta?.meta;
      const id = meta?.request?.id;
      const start = started.get(id);
      started.delete(id);
      listener(error, start === undefined ? undefined : Number(process.hrtime.bigint() - start) / 1e9);
    });
  }

  close(): Promise<void> {
    return this.client.close();
  }

  /** Fails fast while the circuit is open; opens it when no node answers. */
  private async read<T>(request: () => Promise<T>): Promise<T> {
    if (!this.state.reachable) throw new ElasticsearchUnreachableError();
    try {
      return await request();
    } catch (thrown) {
      const error = timedOutIfAborted(thrown);
      const domain = toDomainError(error);
      if (domain instanceof ElasticsearchUnreachableError && !(error instanceof errors.TimeoutError)) this.reportUnreachable();
      throw domain;
    }
  }
}

/** Nothing but a read's deadline aborts it (see ReadDeadlines): an aborted read timed out. */
function timedOutIfAborted(error: unknown): unknown {
  return error instanceof errors.RequestAbortedError ? new errors.TimeoutError(error.message, error.meta) : error;
}
