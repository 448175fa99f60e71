import { ConsoleLogger, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Command } from 'commander';
import { CaseIndexer } from './indexing/case-indexer';
import { createProgressBar } from './indexing/progress-bar';
import { IngestModule } from './ingest.module';
import { formatProblems, runIngest } from './run-ingest';
import { manifestDiffCommand } from './manifest/manifest-diff.command';
import { documentsCommand } from './documents/documents.command';

const program = new Command()
  .name('ingest')
  .description('Index the UAP case archive into Elasticsearch behind the cases alias (the api only reads).')
  .argument('[path]', 'dataset: a JSON array, an NDJSON file, or a folder of one JSON file per case')
  .option('--if-changed', 'do nothing when the live index already holds this dataset')
  .option('--rollback', 'point the alias back at the index it served before the last ingest')
  .addHelpText('after', '\nEnvironment: ELASTICSEARCH_URL (default http://127.0.0.1:9200), CASES_ALIAS (default cases).')
  .action(async (path: string | undefined, options: { ifChanged?: boolean; rollback?: boolean }) => {
    if (!options.rollback && !path) program.error('error: give a dataset path, or --rollback');
    // Quiet while Nest wires itself up; then report our own steps.
    const app = await NestFactory.createApplicationContext(IngestModule.register(), { logger: ['warn', 'error'] });
    app.useLogger(new ConsoleLogger({ logLevels: ['log', 'warn', 'error'] }));
    try {
      const indexer = app.get(CaseIndexer);
      if (options.rollback) {
        const { from, to } = await indexer.rollback();
        Logger.log(`Rolled back alias ${indexer.alias}: ${from} -> ${to}`, 'Ingest');
        return;
      }
      const outcome = await runIngest(indexer, path as string, createProgressBar(), { ifChanged: options.ifChanged });
      if (outcome.status === 'invalid') {
        console.error(formatProblems(outcome.problems));
        process.exitCode = 1;
      } else if (outcome.status === 'indexed') {
        const dropped = outcome.dropped.length ? `; dropped ${outcome.dropped.join(', ')}` : '';
        Logger.log(
          `Indexed ${outcome.count} cases into ${outcome.index} (kept ${outcome.previous ?? 'no previous index'} for --rollback${dropped})`,
          'Ingest',
        );
      }
    } finally {
      await app.close();
    }
  });

program.addCommand(manifestDiffCommand());
program.addCommand(documentsCommand());

/** What an Elasticsearch client error carries about the request that failed. */
type ClientError = Error & { meta?: { meta?: { request?: { params?: { method?: string; path?: string } } } } };

program.parseAsync().catch((error: ClientError) => {
  const request = error.meta?.meta?.request?.params;
  console.error(`ingest failed: ${error.message}${request?.path ? ` (${request.method} ${request.path})` : ''}`);
  process.exitCode = 1;
});
