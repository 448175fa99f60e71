import { Inject, Injectable } from '@nestjs/common';
import { type CaseDocumentLink, caseCitations, caseDocumentLinks, type CitedSource, DocumentsRepository } from '@app/documents';
import { ArchiveGenerationTracker } from '@app/search';
import { DOCUMENT_GENERATIONS } from './documents.service';

/**
 * A case's corpus documents, for its full record: the documents its sources cite (by war.gov
 * file name, record id, NAID or DVIDS id) and the documents whose page citations
 * (data/document-pages.csv, read at ingest) name it, with the pages either names.
 */
@Injectable()
export class CaseDocumentsService {
  constructor(
    private readonly repository: DocumentsRepository,
    @Inject(DOCUMENT_GENERATIONS) private readonly generations: ArchiveGenerationTracker,
  ) {}

  /** The documents index the links come from, for cache keys; null when none is indexed. */
  async generation(): Promise<string | null> {
    return (await this.generations.current()).index;
  }

  /** The case's documents: those its sources cite and those its page citations name, each with the pages of both. */
  async forCase(caseId: string, sources: readonly CitedSource[] | undefined): Promise<CaseDocumentLink[]> {
    if ((await this.generation()) === null) return [];
    const { keys, pagesByKey } = caseCitations(sources ?? []);
    return caseDocumentLinks(await this.repository.citedBy(caseId, keys), pagesByKey, caseId);
  }
}
