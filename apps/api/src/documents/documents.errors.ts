import { HttpStatus } from '@nestjs/common';
import { ApiProblem, type ApiError } from '../errors/api-error';

export class DocumentNotFoundError extends ApiProblem {
  constructor(
    readonly documentId: string,
    private readonly indexed: boolean,
  ) {
    super(`No document has the id ${documentId}`);
    this.name = 'DocumentNotFoundError';
  }

  toApiError(): ApiError {
    const message = this.indexed ? this.message : `${this.message}: no government documents are indexed on this server`;
    return { status: HttpStatus.NOT_FOUND, code: 'document_not_found', message, id: this.documentId };
  }
}

export class PageNotFoundError extends ApiProblem {
  constructor(
    readonly documentId: string,
    readonly page: number,
    readonly pageCount: number,
  ) {
    super(`Document ${documentId} has ${pageCount} page(s); there is no page ${page}`);
    this.name = 'PageNotFoundError';
  }

  toApiError(): ApiError {
    return { status: HttpStatus.NOT_FOUND, code: 'page_not_found', message: this.message, id: this.documentId, pageCount: this.pageCount };
  }
}
