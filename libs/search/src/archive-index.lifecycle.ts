import type { Client, estypes } from '@elastic/elasticsearch';
import type { BulkHelperOptions, BulkStats } from '@elastic/elasticsearch/lib/helpers';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Environment } from '@app/config';
import { indicesBehindAlias } from './archive-index.service';
import { isIndexOfAlias } from './case-index.definition';
import { createElasticsearchClient } from './elasticsearch.client';

/**
 * The index lifecycle, the ingest's: create an index, load it, merge it, swap the alias onto it,
 * drop old ones. The client's errors pass through, so the CLI can name the request that failed.
 * (The api's reads are ArchiveIndexService's.)
 */
export class ArchiveIndexLifecycle {
  constructor(
    private readonly client: Client,
    readonly alias: string,
  ) {}

  /** The indices the alias names, oldest first; empty when the alias does not exist. */
  indicesBehindAlias(): Promise<string[]> {
    return indicesBehindAlias(this.client, this.alias);
  }

  /** The `_meta` of an index's mapping. */
  async mappingMeta(index: string): Promise<Record<string, unknown> | undefined> {
    const mapping = await this.client.indices.getMapping({ index });
    return mapping[index]?.mappings?._meta;
  }

  async createIndex(index: string, settings: estypes.IndicesIndexSettings, mappings: estypes.MappingTypeMapping): Promise<void> {
    await this.client.indices.create({ index, settings, mappings });
  }

  bulk<T>(options: BulkHelperOptions<T>): Promise<BulkStats> {
    return this.client.helpers.bulk<T>(options);
  }

  async putSettings(index: string, settings: estypes.IndicesIndexSettings): Promise<void> {
    await this.client.indices.putSettings({ index, settings });
  }

  /**
   * Merges the index into one segment. Only for an index nothing writes to again: Elasticsearch
   * never merges a large merged segment with new writes, so a written-to index keeps it as dead
   * weight. A million cases take minutes, longer than the client's connections wait for an answer,
   * so the merge runs as a task, asked about every `pollMs` until it is done.
   */
  async mergeIntoOneSegment(index: string, pollMs = 1_000): Promise<void> {
    const { task } = await this.client.indices.forcemerge({ index, max_num_segments: 1, wait_for_completion: false });
    if (task === undefined) return; // merged before answering
    for (;;) {
      const status = await this.client.tasks.get({ task_id: task });
      if (status.completed) {
        const failed = status.error?.reason ?? status.error?.type ?? (status.response?._shards?.failed > 0 ? 'a shard failed' : undefined);
        if (failed) throw new Error(`merging ${index} into one segment failed: ${failed}`);
        return;
      }
      await sleep(pollMs);
    }
  }

  async refresh(index: string): Promise<void> {
    await this.client.indices.refresh({ index });
  }

  async count(index: string): Promise<number> {
    return (await this.client.count({ index })).count;
  }

  async dataNodeCount(): Promise<number> {
    return (await this.client.cluster.health()).number_of_data_nodes;
  }

  /** Waits for the index to turn green; a wait that runs out answers 408 with the health body, read rather than thrown. */
  waitForGreen(index: string, timeout: string): Promise<estypes.ClusterHealthResponse> {
    return this.client.cluster.health({ index, wait_for_status: 'green', timeout }, { ignore: [408] });
  }

  /** Deletes indices (several joined by commas); with `ignoreMissing`, a missing one is no error. */
  async deleteIndices(indices: string[], { ignoreMissing = false } = {}): Promise<void> {
    await this.client.indices.delete({ index: indices.join(',') }, ignoreMissing ? { ignore: [404] } : {});
  }

  /** Whether an index (or alias) of the alias's own name exists. */
  aliasNameExists(): Promise<boolean> {
    return this.client.indices.exists({ index: this.alias });
  }

  /** Indices this alias owns (`<alias>-<yyyymmdd>-<hhmmss>-<ms>`), open ones only. */
  async ownedIndices(): Promise<string[]> {
    const response = await this.client.indices.get({ index: `${this.alias}-*`, expand_wildcards: 'open' }, { ignore: [404] });
    return Object.keys(response).filter((index) => isIndexOfAlias(this.alias, index));
  }

  /** One `_aliases` request removes the alias from every index and adds it to the target: readers never see no alias. */
  async pointAliasAt(index: string): Promise<void> {
    const current = await this.indicesBehindAlias();
    await this.client.indices.updateAliases({
      actions: [...current.map((from) => ({ remove: { index: from, alias: this.alias } })), { add: { index, alias: this.alias } }],
    });
  }

  close(): Promise<void> {
    return this.client.close();
  }
}

/**
 * The lifecycle with a client of its own. `requestTimeout` replaces ELASTICSEARCH_TIMEOUT_MS: a
 * bulk request or a refresh takes longer than a search (see createElasticsearchClient).
 */
export function createArchiveIndexLifecycle(
  env: Pick<Environment, 'ELASTICSEARCH_URL' | 'ELASTICSEARCH_TIMEOUT_MS' | 'CASES_ALIAS'>,
  options: { requestTimeout?: number } = {},
): ArchiveIndexLifecycle {
  return new ArchiveIndexLifecycle(createElasticsearchClient(env, options), env.CASES_ALIAS);
}
