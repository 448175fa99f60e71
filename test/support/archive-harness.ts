import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { join } from 'node:path';
import type { EnvironmentOverrides } from '@app/config';
import { createApiApp } from '../../apps/api/src/create-api-app';
import { CaseIndexer, IndexingProgress } from '../../apps/ingest/src/indexing/case-indexer';
import { IngestModule } from '../../apps/ingest/src/ingest.module';
import { IngestOptions, runIngest } from '../../apps/ingest/src/run-ingest';

export const FIXTURE = join(__dirname, '..', 'fixtures', 'cases.json');

const silent: IndexingProgress = { start: () => undefined, advance: () => undefined, stop: () => undefined };

export function elasticsearchUrl(): string {
  const url = process.env.ELASTICSEARCH_URL;
  if (!url) throw new Error('ELASTICSEARCH_URL is not set: run the e2e tier through jest (see test/support/global-setup.ts)');
  return url;
}

/** Runs the real ingest code, as the CLI does, against the test Elasticsearch (or the one given). */
export async function ingest(alias: string, path: string, options: IngestOptions = {}, url = elasticsearchUrl()) {
  const context = await NestFactory.createApplicationContext(IngestModule.register({ ELASTICSEARCH_URL: url, CASES_ALIAS: alias }), {
    logger: false,
  });
  try {
    return await runIngest(context.get(CaseIndexer), path, silent, options);
  } finally {
    await context.close();
  }
}

export interface RunningApi {
  baseUrl: string;
  /** The Nest application, for tests that inspect its configuration. */
  app: NestFastifyApplication;
  close(): Promise<void>;
}

/** The real api on a real port, reading the given alias. */
export async function startApi(env: EnvironmentOverrides): Promise<RunningApi> {
  const app: NestFastifyApplication = await createApiApp({
    logger: false,
    // One test client sends far more than a real one would; the quota tests set their own quotas.
    // A busy test machine can take longer than production's 800 ms search bound to answer, which
    // would make a correct answer a 503; tests of the bound itself set their own.
    env: { ELASTICSEARCH_URL: elasticsearchUrl(), QUOTA_REQUESTS: '100000', SEARCH_TIMEOUT_MS: '10000', ...env },
  });
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  return { baseUrl: `http://127.0.0.1:${address.port}`, app, close: () => app.close() };
}

export interface JsonResponse {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export async function request(baseUrl: string, path: string, init: RequestInit = {}): Promise<JsonResponse> {
  const response = await fetch(`${baseUrl}${path}`, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}
