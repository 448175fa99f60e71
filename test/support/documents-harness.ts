import { NestFactory } from '@nestjs/core';
import { join } from 'node:path';
import type { IndexingProgress } from '../../apps/ingest/src/indexing/case-indexer';
import { DocumentIndexer, type DocumentIngestOptions } from '../../apps/ingest/src/documents/document-indexer';
import { IngestModule } from '../../apps/ingest/src/ingest.module';
import { elasticsearchUrl, FIXTURE } from './archive-harness';

/** The hand-written corpus in the documents' format (test/fixtures/documents). */
export const DOCUMENT_FIXTURES = join(__dirname, '..', 'fixtures', 'documents');
export const SOURCES = join(__dirname, '..', '..', 'data', 'sources');

const silent: IndexingProgress = { start: () => undefined, advance: () => undefined, stop: () => undefined };

/** Runs the real document ingest, as `ingest documents` does, into `alias` of the test Elasticsearch. */
export async function ingestDocuments(alias: string, dir: string, options: Partial<DocumentIngestOptions> = {}) {
  const context = await NestFactory.createApplicationContext(
    IngestModule.register({ ELASTICSEARCH_URL: elasticsearchUrl(), DOCUMENTS_ALIAS: alias }),
    {
      logger: false,
    },
  );
  try {
    return await context.get(DocumentIndexer).ingest(dir, { casesPath: FIXTURE, sourcesDir: SOURCES, ...options }, silent);
  } finally {
    await context.close();
  }
}
