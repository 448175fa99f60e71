import { Injectable, Logger } from '@nestjs/common';
import type { CaseRecord } from '@app/cases';
import { AppConfigService } from '@app/config';
import { ArchiveIndexLifecycle, CASE_INDEX_MAPPINGS, CASE_INDEX_SETTINGS, caseListing, concreteIndexName } from '@app/search';

export interface IndexingProgress {
  start(total: number): void;
  advance(by: number): void;
  stop(): void;
}

export interface IndexingResult {
  index: string;
  count: number;
  previous: string | null;
  dropped: string[];
}

/** Replica copies for a new index: a number, or `auto` for one replica when the cluster has more than one data node. */
export type ReplicaSetting = number | 'auto';

/**
 * Bulk tuning. Requests of about 2 MB, three in flight, keep Elasticsearch's write queue busy
 * while our JSON work overlaps the engine's indexing; larger requests only made the garbage
 * between collections (and so the CLI's peak RSS) larger, not the ingest faster. A 429 (write
 * queue full) is retried by the helper after `wait`.
 */
export const BULK_OPTIONS = { flushBytes: 2_000_000, concurrency: 3, retries: 5, wait: 1_000 } as const;

/** How long the new index may take to place its replicas before the alias would point at it. */
const REPLICA_TIMEOUT = '120s';

/** What the indexer adds to a record: fields for queries and lists only, never returned as fields (INDEX_ONLY_FIELDS, LISTING_FIELD). */
export interface IndexOnlyFields {
  point?: { lat: number; lon: number };
  incidentDate?: string;
  listing: string;
}

/**
 * The fields the search document adds to the record as published: a geo_point for map queries,
 * unless the precision is `unknown` (its coordinates are a nominal point, not a place a map query
 * should find), and the incident date the list sorts by and the year filter and stats read, unless
 * the date precision is `unknown` (its date is a placeholder, not when the incident happened);
 * and the summary a list page reads (caseListing).
 */
export function indexOnlyFields(record: CaseRecord): IndexOnlyFields {
  const { lat, lng, precision } = record.location;
  return {
    ...(precision === 'unknown' ? {} : { point: { lat, lon: lng } }),
    ...(record.datePrecision === 'unknown' ? {} : { incidentDate: record.date }),
    listing: caseListing(record),
  };
}

/** The search document: the record as published, plus its index-only fields. */
export function toSearchDocument(record: CaseRecord): CaseRecord & IndexOnlyFields {
  return { ...record, ...indexOnlyFields(record) };
}

/** A validated record, with the JSON text it was parsed from when the input had one (an NDJSON line). */
export interface IndexableCase {
  record: CaseRecord;
  json?: string;
}

/**
 * The search document as the `_bulk` body line. Given the record's own JSON (an NDJSON line the
 * first pass found to be exactly its JSON.stringify) it appends the index-only fields to that
 * text, which spares serializing every record again (about as dear as parsing it) and sends the
 * same bytes. The record has none of them (validation refuses unknown fields), so no key repeats.
 */
export function searchDocumentJson({ record, json }: IndexableCase): string {
  if (json === undefined) return JSON.stringify(toSearchDocument(record));
  const added = JSON.stringify(indexOnlyFields(record));
  return `${json.slice(0, json.lastIndexOf('}'))},${added.slice(1)}`;
}

/**
 * Writes the archive into Elasticsearch without ever exposing a half-built index: each run
 * fills a fresh index, checks it, then moves the alias in one atomic request. The index the
 * alias left is kept for `rollback`; older ones are dropped.
 */
@Injectable()
export class CaseIndexer {
  private readonly logger = new Logger('Ingest');
  readonly alias: string;
  private readonly replicas: ReplicaSetting;

  constructor(
    private readonly index: ArchiveIndexLifecycle,
    config: AppConfigService,
  ) {
    this.alias = index.alias;
    this.replicas = config.get('CASES_REPLICAS', { infer: true });
  }

  /** The dataset hash recorded on the live index, or null when there is no live index. */
  async liveDatasetHash(): Promise<string | null> {
    const [live] = await this.aliasIndices();
    if (!live) return null;
    return ((await this.index.mappingMeta(live))?.datasetHash as string | undefined) ?? null;
  }

  /**
   * Streams `records` (already validated; `count` of them) into a fresh index, then swaps the alias.
   * The records are read once, never held: memory does not grow with the dataset.
   */
  async ingest(records: AsyncIterable<IndexableCase>, count: number, datasetHash: string, progress: IndexingProgress): Promise<IndexingResult> {
    await this.refuseConcreteIndexNamedLikeAlias();
    const replicas = await this.replicaCount();
    const index = concreteIndexName(this.alias, new Date());
    await this.index.createIndex(
      index,
      // While loading: no replicas and no periodic refresh, the usual bulk-load settings; the
      // index is invisible until the alias moves, so nobody searches it half-built.
      { ...CASE_INDEX_SETTINGS, number_of_replicas: 0, refresh_interval: '-1' },
      { ...CASE_INDEX_MAPPINGS, _meta: { ...CASE_INDEX_MAPPINGS._meta, datasetHash, caseCount: count } },
    );
    this.logger.log(`Created index ${index}`);

    try {
      await this.bulkLoad(index, records, count, progress);
      // The archive is read-only until the next ingest builds a new index: one segment makes every
      // search cheaper (each word is looked up once, not once per segment), and merging before
      // replicas exist means they copy the merged segment rather than merge it again.
      await this.index.mergeIntoOneSegment(index);
      await this.index.putSettings(index, { number_of_replicas: replicas, refresh_interval: CASE_INDEX_SETTINGS.refresh_interval ?? '1s' });
      await this.index.refresh(index);
      if (replicas > 0) await this.waitForReplicas(index, replicas);
      const indexed = await this.index.count(index);
      if (indexed !== count) throw new Error(`index ${index} holds ${indexed} cases, expected ${count}`);
      this.logger.log(`Verified ${indexed} cases in ${index}${replicas > 0 ? ` with ${replicas} replica(s)` : ''}`);
    } catch (error) {
      // The alias never saw this index; remove it so a failed run leaves nothing behind.
      await this.index.deleteIndices([index], { ignoreMissing: true });
      throw error;
    }

    const [previous = null] = await this.aliasIndices();
    await this.pointAliasAt(index);
    const dropped = await this.dropIndicesExcept([index, previous]);
    return { index, count, previous, dropped };
  }

  /** Points the alias back at the newest index older than the live one. */
  async rollback(): Promise<{ from: string; to: string }> {
    const [live] = await this.aliasIndices();
    if (!live) throw new Error(`alias ${this.alias} does not exist; nothing to roll back`);
    const older = (await this.index.ownedIndices()).filter((index) => index < live).sort();
    const target = older.at(-1);
    if (!target) throw new Error(`no index older than ${live} is kept; nothing to roll back to`);
    await this.pointAliasAt(target);
    return { from: live, to: target };
  }

  private async bulkLoad(index: string, records: AsyncIterable<IndexableCase>, count: number, progress: IndexingProgress): Promise<void> {
    let rejected: string | null = null;
    progress.start(count);
    try {
      const stats = await this.index.bulk<BulkDocument>({
        ...BULK_OPTIONS,
        // Progress counts documents as the helper takes them, at most one flush per connection ahead
        // of Elasticsearch's answers; its onSuccess callback would re-parse every document to say so.
        datasource: searchDocuments(records, progress),
        // The helper sends a string payload as it is.
        onDocument: (document) => [{ index: { _index: index, _id: document.id } }, document.json],
        // Called once a document has failed for good (after the 429 retries), with the document parsed back from its JSON.
        onDrop: (dropped) => {
          rejected ??= `Elasticsearch rejected case ${dropped.document.id}: ${dropped.error?.reason ?? `status ${dropped.status}`}`;
        },
      });
      if (stats.failed > 0) throw new Error(`${rejected} (${stats.failed} case(s) rejected in all)`);
    } finally {
      progress.stop();
    }
  }

  private async replicaCount(): Promise<number> {
    if (this.replicas !== 'auto') return this.replicas;
    return (await this.index.dataNodeCount()) > 1 ? 1 : 0;
  }

  private async waitForReplicas(index: string, replicas: number): Promise<void> {
    const health = await this.index.waitForGreen(index, REPLICA_TIMEOUT);
    if (health.timed_out) {
      throw new Error(
        `index ${index} did not place its ${replicas} replica(s) within ${REPLICA_TIMEOUT} ` +
          `(the cluster has ${health.number_of_data_nodes} data node(s)); set CASES_REPLICAS lower`,
      );
    }
  }

  private async pointAliasAt(index: string): Promise<void> {
    await this.index.pointAliasAt(index);
    this.logger.log(`Alias ${this.alias} now points at ${index}`);
  }

  private async dropIndicesExcept(keep: (string | null)[]): Promise<string[]> {
    const doomed = (await this.index.ownedIndices()).filter((index) => !keep.includes(index));
    if (doomed.length > 0) await this.index.deleteIndices(doomed);
    return doomed;
  }

  /** The indices behind the alias, newest first. */
  private async aliasIndices(): Promise<string[]> {
    return (await this.index.indicesBehindAlias()).reverse();
  }

  private async refuseConcreteIndexNamedLikeAlias(): Promise<void> {
    const exists = await this.index.aliasNameExists();
    if (!exists) return;
    const aliases = await this.aliasIndices();
    if (aliases.length === 0) {
      throw new Error(`an index (not an alias) named ${this.alias} exists; delete or rename it before ingesting`);
    }
  }
}

/** What the bulk helper takes per case: the id for the action line, the document already as JSON. */
interface BulkDocument {
  id: string;
  json: string;
}

async function* searchDocuments(records: AsyncIterable<IndexableCase>, progress: IndexingProgress): AsyncGenerator<BulkDocument> {
  for await (const item of records) {
    yield { id: item.record.id, json: searchDocumentJson(item) };
    progress.advance(1);
  }
}
