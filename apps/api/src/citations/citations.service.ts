import { Inject, Injectable } from '@nestjs/common';
import { AppConfigService } from '@app/config';
import { CASE_ID_FORMAT, MAX_CASE_ID_LENGTH } from '@app/cases';
import { DocumentsRepository } from '@app/documents';
import { ArchiveGenerationTracker, CaseNotFoundError, CasesRepository } from '@app/search';
import { DOCUMENT_GENERATIONS, DOCUMENT_ID_FORMAT } from '../documents/documents.service';
import { DocumentNotFoundError, PageNotFoundError } from '../documents/documents.errors';
import { CachedBody } from '../response/cached-body';
import type { CachedReply } from '../response/cached-reply';
import { canonicalQuery, ResponseCache } from '../response/response-cache';
import {
  caseCitation,
  CITATION_CONTENT_TYPES,
  type CitationContext,
  type CitationFormat,
  type CslItem,
  DEFAULT_CITATION_FORMAT,
  documentCitation,
  formatCitation,
} from './citation.builder';
import type { CiteQueryDto, DocumentCiteQueryDto } from './cite-query.dto';

/**
 * Citations of a case or of a document's page, made by citation-js from CSL-JSON items. They go
 * through the byte cache like every answer (ETag, 304, stale answers during an outage); the key
 * names the address the links use and the day, since each citation says when it was retrieved.
 */
@Injectable()
export class CitationsService {
  private readonly publicBaseUrl: string;
  private readonly archiveName: string;

  constructor(
    private readonly cases: CasesRepository,
    private readonly documents: DocumentsRepository,
    @Inject(DOCUMENT_GENERATIONS) private readonly generations: ArchiveGenerationTracker,
    private readonly responses: ResponseCache,
    config: AppConfigService,
  ) {
    this.publicBaseUrl = config.get('PUBLIC_BASE_URL', { infer: true }).replace(/\/+$/, '');
    this.archiveName = config.get('OPERATOR_NAME', { infer: true });
  }

  /** `origin` is the request's own `https://host:port`; PUBLIC_BASE_URL, when set, wins. */
  citeCase(id: string, query: CiteQueryDto, origin: string): Promise<CachedReply> {
    if (id.length > MAX_CASE_ID_LENGTH || !CASE_ID_FORMAT.test(id)) throw new CaseNotFoundError(id.slice(0, MAX_CASE_ID_LENGTH));
    const { format, context, key } = this.normalize(query, origin);
    return this.respond(canonicalQuery('cite-case', { id, ...key }), format, async () => caseCitation(await this.cases.findById(id), context));
  }

  async citeDocument(id: string, query: DocumentCiteQueryDto, origin: string): Promise<CachedReply> {
    const index = (await this.generations.current()).index;
    if (!index || !DOCUMENT_ID_FORMAT.test(id)) throw new DocumentNotFoundError(id.slice(0, 200), index !== null);
    const { format, context, key } = this.normalize(query, origin);
    const { page } = query;
    return this.respond(canonicalQuery('cite-document', { id, page, index, ...key }), format, async () => {
      const facts = await this.documents.facts(id);
      if (!facts) throw new DocumentNotFoundError(id, true);
      if (page !== undefined && page > facts.pageCount) throw new PageNotFoundError(id, page, facts.pageCount);
      return documentCitation(facts, page, context);
    });
  }

  /** The format (csl-json unless asked), the links' address and today, decided once per request. */
  private normalize(query: CiteQueryDto, origin: string) {
    const format = query.format ?? DEFAULT_CITATION_FORMAT;
    const context: CitationContext = { baseUrl: this.publicBaseUrl || origin, archiveName: this.archiveName, now: new Date() };
    return { format, context, key: { format, baseUrl: context.baseUrl, day: context.now.toISOString().slice(0, 10) } };
  }

  private respond(query: string, format: CitationFormat, item: () => Promise<CslItem>): Promise<CachedReply> {
    return this.responses.respondWith(
      query,
      async () => new CachedBody(Buffer.from(formatCitation(await item(), format), 'utf8'), CITATION_CONTENT_TYPES[format]),
    );
  }
}
