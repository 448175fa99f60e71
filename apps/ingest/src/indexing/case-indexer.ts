import { Inject, Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Client, errors } from '@elastic/elasticsearch';
import type { CaseRecord } from '@app/cases';
import type { Environment } from '@app/config';
import {
  CASE_INDEX_MAPPINGS,
  CASE_INDEX_SETTINGS,
  concreteIndexName,
  ELASTICSEARCH_CLIENT,
  isIndexOfAlias,
} from '@app/search';

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

const BULK_BATCH = 250;

/**
 * The search document: the record as published, plus a geo_point for map queries. A case of
 * precision `unknown` gets none: its coordinates are a nominal point, not a place a map query should find.
 */
export function toSearchDocument(record: CaseRecord): CaseRecord & { point?: { lat: number; lon: number } } {
  const { lat, lng, precision } = record.location;
  return precision === 'unknown' ? record : { ...record, point: { lat, lon: lng } };
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

  constructor(
    @Inject(ELASTICSEARCH_CLIENT) private readonly client: Client,
    config: ConfigService<Environment, true>,
  ) {
    this.alias = config.get('CASES_ALIAS', { infer: true });
  }

  /** The dataset hash recorded on the live index, or null when there is no live index. */
  async liveDatasetHash(): Promise<string | null> {
    const [live] = await this.aliasIndices();
    if (!live) return null;
    const mapping = await this.client.indices.getMapping({ index: live });
    return (mapping[live]?.mappings?._meta?.datasetHash as string | undefined) ?? null;
  }

  async ingest(records: CaseRecord[], datasetHash: string, progress: IndexingProgress): Promise<IndexingResult> {
    await this.refuseConcreteIndexNamedLikeAlias();
    const index = concreteIndexName(this.alias, new Date());
    await this.client.indices.create({
      index,
      settings: CASE_INDEX_SETTINGS,
      mappings: { ...CASE_INDEX_MAPPINGS, _meta: { ...CASE_INDEX_MAPPINGS._meta, datasetHash, caseCount: records.length } },
    });
    this.logger.log(`Created index ${index}`);

    try {
      await this.bulkLoad(index, records, progress);
      await this.client.indices.refresh({ index });
      const { count } = await this.client.count({ index });
      if (count !== records.length) throw new Error(`index ${index} holds ${count} cases, expected ${records.length}`);
      this.logger.log(`Verified ${count} cases in ${index}`);
    } catch (error) {
      // The alias never saw this index; remove it so a failed run leaves nothing behind.
      await this.client.indices.delete({ index }, { ignore: [404] });
      throw error;
    }

    const [previous = null] = await this.aliasIndices();
    await this.pointAliasAt(index);
    const dropped = await this.dropIndicesExcept([index, previous]);
    return { index, count: records.length, previous, dropped };
  }

  /** Points the alias back at the newest index older than the live one. */
  async rollback(): Promise<{ from: string; to: string }> {
    const [live] = await this.aliasIndices();
    if (!live) throw new Error(`alias ${this.alias} does not exist; nothing to roll back`);
    const older = (await this.ownedIndices()).filter((index) => index < live).sort();
    const target = older.at(-1);
    if (!target) throw new Error(`no index older than ${live} is kept; nothing to roll back to`);
    await this.pointAliasAt(target);
    return { from: live, to: target };
  }

  private async bulkLoad(index: string, records: CaseRecord[], progress: IndexingProgress): Promise<void> {
    progress.start(records.length);
    try {
      for (let start = 0; start < records.length; start += BULK_BATCH) {
        const batch = records.slice(start, start + BULK_BATCH);
        const response = await this.client.bulk({
          operations: batch.flatMap((record) => [{ index: { _index: index, _id: record.id } }, toSearchDocument(record)]),
        });
        if (response.errors) {
          const failed = response.items.find((item) => item.index?.error);
          throw new Error(`Elasticsearch rejected case ${failed?.index?._id}: ${failed?.index?.error?.reason}`);
        }
        progress.advance(batch.length);
      }
    } finally {
      progress.stop();
    }
  }

  /** One `_aliases` request removes the alias from every index and adds it to the target. */
  private async pointAliasAt(index: string): Promise<void> {
    const current = await this.aliasIndices();
    await this.client.indices.updateAliases({
      actions: [
        ...current.map((from) => ({ remove: { index: from, alias: this.alias } })),
        { add: { index, alias: this.alias } },
      ],
    });
    this.logger.log(`Alias ${this.alias} now points at ${index}`);
  }

  private async dropIndicesExcept(keep: (string | null)[]): Promise<string[]> {
    const doomed = (await this.ownedIndices()).filter((index) => !keep.includes(index));
    if (doomed.length > 0) await this.client.indices.delete({ index: doomed.join(',') });
    return doomed;
  }

  private async aliasIndices(): Promise<string[]> {
    try {
      return Object.keys(await this.client.indices.getAlias({ name: this.alias })).sort().reverse();
    } catch (error) {
      if (error instanceof errors.ResponseError && error.statusCode === 404) return [];
      throw error;
    }
  }

  private async ownedIndices(): Promise<string[]> {
    const response = await this.client.indices.get({ index: `${this.alias}-*`, expand_wildcards: 'open' }, { ignore: [404] });
    return Object.keys(response).filter((index) => isIndexOfAlias(this.alias, index));
  }

  private async refuseConcreteIndexNamedLikeAlias(): Promise<void> {
    const exists = await this.client.indices.exists({ index: this.alias });
    if (!exists) return;
    const aliases = await this.aliasIndices();
    if (aliases.length === 0) {
      throw new Error(`an index (not an alias) named ${this.alias} exists; delete or rename it before ingesting`);
    }
  }
}
