/** Elasticsearch cannot be reached, or the archive has not been indexed yet: worth retrying. */
export class ArchiveUnavailableError extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = 'ArchiveUnavailableError';
  }
}

/**
 * No Elasticsearch node answered at all (refused, reset, timed out on the alias probe). Unlike
 * an overloaded or empty cluster, this opens the circuit: reads fail fast until a probe succeeds.
 */
export class ElasticsearchUnreachableError extends ArchiveUnavailableError {
  constructor(options?: { cause?: unknown }) {
    super('Elasticsearch cannot be reached', options);
    this.name = 'ElasticsearchUnreachableError';
  }
}

export class CaseNotFoundError extends Error {
  constructor(readonly caseId: string) {
    super(`No case has the id ${caseId}`);
    this.name = 'CaseNotFoundError';
  }
}
