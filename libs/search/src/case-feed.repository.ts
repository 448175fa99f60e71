import { LRUCache } from 'lru-cache';
import type { CaseSummary } from '@app/cases';
import type { ArchiveGenerationTracker } from './archive-generation';
import type { ArchiveIndexService } from './archive-index.service';
import { buildCaseFeedRequest, type CaseFeedPage, toCaseFeedPage } from './case-feed.query';
import type { CaseListParams } from './case-list.query';
import type { SpellingLookup } from './spelling-lookup';

/** Feeds are few (one per filter set a reader subscribed to) and small. */
const MAX_CACHED_FEEDS = 500;

/**
 * The archive's changes, newest first, for the Atom feed. Reads go through ArchiveIndexService
 * like every other (read options, circuit, domain errors). Feed readers poll, so answers
 * are kept for CACHE_TTL_SECONDS, keyed like the byte cache by the index the alias points at, so
 * a re-index shows at the next alias check; lru-cache's fetch() lets concurrent polls share one search.
 */
export class CaseFeedRepository {
  private readonly cache: LRUCache<string, CaseFeedPage> | null;

  constructor(
    private readonly index: ArchiveIndexService,
    private readonly generations: ArchiveGenerationTracker,
    private readonly spelling: SpellingLookup,
    cacheTtlSeconds: number,
  ) {
    this.cache =
      cacheTtlSeconds > 0
        ? new LRUCache<string, CaseFeedPage>({
            max: MAX_CACHED_FEEDS,
            ttl: cacheTtlSeconds * 1000,
            fetchMethod: (key) => this.load(JSON.parse(key.slice(key.indexOf('\n') + 1))),
          })
        : null;
  }

  async latestChanges(params: CaseListParams): Promise<CaseFeedPage> {
    if (!this.cache) return this.load(params);
    const { index } = await this.generations.current();
    return (await this.cache.fetch(`${index ?? ''}\n${JSON.stringify(params)}`)) as CaseFeedPage;
  }

  private async load(params: CaseListParams): Promise<CaseFeedPage> {
    return toCaseFeedPage(await this.index.search<CaseSummary>(buildCaseFeedRequest(this.index.alias, await this.spelling.resolve(params))));
  }
}
