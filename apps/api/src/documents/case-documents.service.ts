import { Inject, Injectable } from '@nestjs/common';
import { type CaseDocumentLink, caseCitations, caseDocumentLinks, type CitedSource, DocumentsRepository } from '@app/documents';
import { ArchiveGenerationTracker } from '@app/search';
import { DOCUMENT_GENERATIONS } from './documents.service';

/**
 * A case's corpus documents, for its full record: the documents its sources cite (by war.gov
 * file name, record id, NAID or DVIDS id), with the pages a source names.
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

  async forCase(sources: readonly CitedSource[] | undefined): Promise<CaseDocumentLink[]> {
    if ((await this.generation()) === null) return [];
    const { keys, pagesByKey } = caseCitations(sources ?? []);
    return caseDocumentLinks(await this.repository.citedBy(keys), pagesByKey);
  }
}
