import { Inject, Injectable, StreamableFile } from '@nestjs/common';
import { AppConfigService } from '@app/config';
import { CASE_ID_FORMAT, MAX_CASE_ID_LENGTH } from '@app/cases';
import { CaseNotFoundError, CasesRepository, encodeCursor, filterFingerprint } from '@app/search';
import { CachedReply } from '../response/cached-reply';
import { canonicalQuery, ResponseCache } from '../response/response-cache';
import type { Payload } from '../response/envelope.dto';
import type { CaseListQueryDto } from './case-list-query.dto';
import type { CaseListResponseDto, CaseResponseDto, RelatedCasesResponseDto } from './case.dto';
import { NDJSON_CONTENT_TYPE } from '../response/content-types';
import { CaseExportStream } from './case-export.stream';
import { toCaseExportParams, toCaseListParams } from './case-list-params';
import { CURSOR_KEY } from '../cursors/list-cursors';
import { CaseDocumentsService } from '../documents/case-documents.service';
import { DEFAULT_RELATED_LIMIT, MAX_RELATED_LIMIT, type RelatedCasesQueryDto } from './related-cases-query.dto';

export type CaseListBody = Payload<CaseListResponseDto>;
export type CaseBody = Payload<CaseResponseDto>;
export type RelatedCasesBody = Payload<RelatedCasesResponseDto>;

@Injectable()
export class CasesService {
  private readonly exportPageSize: number;

  constructor(
    private readonly repository: CasesRepository,
    private readonly responses: ResponseCache,
    @Inject(CURSOR_KEY) private readonly cursorKey: Buffer,
    config: AppConfigService,
    private readonly caseDocuments: CaseDocumentsService,
  ) {
    this.exportPageSize = config.get('EXPORT_PAGE_SIZE', { infer: true });
  }

  /** Parameters are checked before the cache, so a bad request is a 400 even with the engine down. */
  list(query: CaseListQueryDto): Promise<CachedReply<CaseListBody>> {
    const params = toCaseListParams(query, this.cursorKey);
    return this.responses.respondWith(canonicalQuery('list', params), async () => {
      const page = await this.repository.list(params);
      const count = page.casesJson.length;
      const more = page.lastSort !== undefined && params.offset + count < page.total;
      const nextCursor = more
        ? encodeCursor({ after: page.lastSort!, offset: params.offset + count, filters: filterFingerprint(params) }, this.cursorKey)
        : null;
      // The summaries arrive as JSON text and are spliced in as they are (see readCaseListPage).
      const head: Omit<CaseListBody, 'cases'> = {
        count,
        total: page.total,
        limit: params.limit,
        offset: params.offset,
        nextCursor,
        ...(page.facets ? { facets: page.facets } : {}),
        ...(params.didYouMean ? { suggestion: page.suggestion ?? null } : {}),
      };
      return this.responses.bodyWithJsonArray(head, 'cases', page.casesJson);
    });
  }

  /** Every matching full record as NDJSON; compressed on the way out by @fastify/compress when asked. */
  async export(query: CaseListQueryDto): Promise<StreamableFile> {
    const pages = await this.repository.openExport(toCaseExportParams(query), this.exportPageSize);
    return new StreamableFile(new CaseExportStream(pages), { type: NDJSON_CONTENT_TYPE });
  }

  async get(id: string): Promise<CachedReply<CaseBody>> {
    checkId(id);
    // The key names the documents index too: a document re-index changes the case's documents.
    const documents = await this.caseDocuments.generation();
    return this.responses.respond(canonicalQuery('case', { id, documents }), async () => {
      const record = await this.repository.findById(id);
      return { case: record, documents: await this.caseDocuments.forCase(record.id, record.sources) };
    });
  }

  /** The cases most like this one; a 404 like get() for an id no case has. */
  async related(id: string, query: RelatedCasesQueryDto): Promise<CachedReply<RelatedCasesBody>> {
    checkId(id);
    const limit = Math.min(query.limit ?? DEFAULT_RELATED_LIMIT, MAX_RELATED_LIMIT);
    return this.responses.respondWith(canonicalQuery('related', { id, limit }), async () => {
      const page = await this.repository.related(id, limit);
      return this.responses.bodyWithJsonArray({ id, count: page.casesJson.length }, 'cases', page.casesJson);
    });
  }
}

function checkId(id: string): void {
  if (id.length > MAX_CASE_ID_LENGTH || !CASE_ID_FORMAT.test(id)) throw new CaseNotFoundError(id.slice(0, MAX_CASE_ID_LENGTH));
}
