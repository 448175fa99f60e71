import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '@app/config';
import { CaseFeedRepository } from '@app/search';
import type { CaseListQueryDto } from '../cases/case-list-query.dto';
import { toCaseListParams } from '../cases/case-list-params';
import { ResponseEnvelope } from '../http/response-envelope';
import { buildAtomFeed } from './atom-feed.builder';

/** Where the request came from, as the feed's links should show it. */
export interface FeedRequest {
  /** `https://host:port` of the incoming request; PUBLIC_BASE_URL overrides it. */
  origin: string;
  /** The raw query string, without `?` (empty when none). */
  search: string;
}

/** The filters in the feed's title, in a fixed order, as normalized by the DTO. */
const FILTER_NAMES = ['type', 'credibility', 'tranche', 'country', 'precision', 'hasVideo', 'year', 'q', 'updatedSince'] as const;

@Injectable()
export class FeedService {
  private readonly publicBaseUrl: string;

  constructor(
    private readonly repository: CaseFeedRepository,
    private readonly envelope: ResponseEnvelope,
    private readonly config: ConfigService<Environment, true>,
  ) {
    this.publicBaseUrl = config.get('PUBLIC_BASE_URL', { infer: true }).replace(/\/+$/, '');
  }

  async render(query: CaseListQueryDto, request: FeedRequest): Promise<string> {
    const params = toCaseListParams(query);
    const page = await this.repository.latestChanges(params);
    const baseUrl = this.publicBaseUrl || request.origin;
    const search = request.search ? `?${request.search}` : '';
    return buildAtomFeed({
      selfUrl: `${baseUrl}/api/feed.atom${search}`,
      listUrl: `${baseUrl}/api/cases${search}`,
      baseUrl,
      operatorName: this.config.get('OPERATOR_NAME', { infer: true }),
      operatorSite: this.config.get('OPERATOR_SITE', { infer: true }),
      license: this.envelope.license,
      filters: FILTER_NAMES.filter((name) => params[name] !== undefined).map((name) => `${name}=${params[name]}`),
      archiveUpdated: page.archiveUpdated,
      cases: page.cases,
    });
  }
}
