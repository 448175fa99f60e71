import { LRUCache } from 'lru-cache';
import { createArchiveApi, type ArchiveApi, type CaseResponse } from '@app/api-client';
import type { McpEnvironment } from '@app/config/mcp-environment';

/** What every tool and resource reads through: the public api, where results point, and a short memory of records. */
export interface ArchiveContext {
  api: ArchiveApi;
  /** Where the server reaches the api (named in connection errors). */
  apiBaseUrl: string;
  /** Where results point people and programs (case links). */
  publicApiUrl: string;
  /** A fresh deadline for one request to the api. */
  deadline(): AbortSignal;
  /** Full records (with the api's license notice) by id; search results read each hit's sources from here. */
  records: LRUCache<string, CaseResponse>;
}

/**
 * Records change only on re-index, and the api's own cache and quota apply to every request this
 * server sends: a minute of memory spares repeated lookups (a search, then get_case on its hits).
 */
const RECORD_TTL_MS = 60_000;

export function createArchiveContext(env: McpEnvironment): ArchiveContext {
  const api = createArchiveApi({ baseUrl: env.API_BASE_URL, apiKey: env.API_KEY });
  const deadline = () => AbortSignal.timeout(env.API_TIMEOUT_MS);
  return {
    api,
    apiBaseUrl: env.API_BASE_URL,
    publicApiUrl: env.PUBLIC_API_URL || env.API_BASE_URL,
    deadline,
    // lru-cache's fetch() shares one load between concurrent callers of the same id.
    records: new LRUCache<string, CaseResponse>({
      max: 1_000,
      ttl: RECORD_TTL_MS,
      fetchMethod: (id) => api.getCase(id, deadline()),
    }),
  };
}

/** A full record through the shared memory; rejects with the api's error (404, 429, ...). */
export async function recordOf(context: ArchiveContext, id: string): Promise<CaseResponse> {
  const response = await context.records.fetch(id);
  if (!response) throw new Error(`The api returned no record for ${id}`);
  return response;
}
