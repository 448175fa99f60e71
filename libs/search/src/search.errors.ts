/** Elasticsearch cannot be reached, or the archive has not been indexed yet: worth retrying. */
export class ArchiveUnavailableError extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = 'ArchiveUnavailableError';
  }
}

export class CaseNotFoundError extends Error {
  constructor(readonly caseId: string) {
    super(`No case has the id ${caseId}`);
    this.name = 'CaseNotFoundError';
  }
}
