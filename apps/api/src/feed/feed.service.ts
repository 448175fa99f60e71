import { Inject, Injectable } from '@nestjs/common';
import { AppConfigService } from '@app/config';
import { CASE_FILTER_NAMES, CaseFeedRepository, type CaseListParams } from '@app/search';
import type { CaseListQueryDto } from '../cases/case-list-query.dto';
import { toCaseListParams } from '../cases/case-list-params';
import { CURSOR_KEY } from '../cursors/list-cursors';
import { CachedBody } from '../response/cached-body';
import type { CachedReply } from '../response/cached-reply';
import { canonicalQuery, ResponseCache } from '../response/response-cache';
import { ResponseEnvelope } from '../response/response-envelope';
import { ATOM_CONTENT_TYPE } from '../response/content-types';
import { buildAtomFeed } from './atom-feed.builder';

/** Where the request came from, as the feed's links should show it. */
export interface FeedRequest {
  /** `https://host:port` of the incoming request; PUBLIC_BASE_URL overrides it. */
  origin: string;
  /** The raw query string, without `?` (empty when none). */
  search: string;
}

/** A filter's value as a query string would write it (lists and places comma-separated). */
function filterText(params: CaseListParams, name: (typeof CASE_FILTER_NAMES)[number]): string {
  if (name === 'bbox' && params.bbox) return [params.bbox.minLng, params.bbox.minLat, params.bbox.maxLng, params.bbox.maxLat].join(',');
  if (name === 'near' && params.near) return `${params.near.lat},${params.near.lng}`;
  return String(params[name]);
}

/**
 * The feed goes through the same byte cache as the JSON endpoints, so it gets their read timeout
 * and circuit (a fast 503), their stale answers during an outage (X-Stale), their ETag and 304.
 */
@Injectable()
export class FeedService {
  private readonly publicBaseUrl: string;

  constructor(
    private readonly repository: CaseFeedRepository,
    private readonly responses: ResponseCache,
    private readonly envelope: ResponseEnvelope,
    @Inject(CURSOR_KEY) private readonly cursorKey: Buffer,
    private readonly config: AppConfigService,
  ) {
    this.publicBaseUrl = config.get('PUBLIC_BASE_URL', { infer: true }).replace(/\/+$/, '');
  }

  /** Parameters are checked before the cache, so a bad request is a 400 even with the engine down. */
  render(query: CaseListQueryDto, request: FeedRequest): Promise<CachedReply> {
    const params = toCaseListParams(query, this.cursorKey);
    const baseUrl = this.publicBaseUrl || request.origin;
    const search = request.search ? `?${request.search}` : '';
    // The feed's links name the address and the query string as given, so both are part of its key.
    return this.responses.respondWith(canonicalQuery('feed', { ...params, baseUrl, search }), async () => {
      const page = await this.repository.latestChanges(params);
      const xml = buildAtomFeed({
        selfUrl: `${baseUrl}/api/feed.atom${search}`,
        listUrl: `${baseUrl}/api/cases${search}`,
        baseUrl,
        operatorName: this.config.get('OPERATOR_NAME', { infer: true }),
        operatorSite: this.config.get('OPERATOR_SITE', { infer: true }),
        license: this.envelope.license,
        filters: CASE_FILTER_NAMES.filter((name) => params[name] !== undefined).map((name) => `${name}=${filterText(params, name)}`),
        archiveUpdated: page.archiveUpdated,
        cases: page.cases,
      });
      return new CachedBody(Buffer.from(xml, 'utf8'), ATOM_CONTENT_TYPE);
    });
  }
}
