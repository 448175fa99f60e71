import { ConsoleLogger, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { existsSync } from 'node:fs';
import { Command } from 'commander';
import { AppConfigService } from '@app/config';
import { createProgressBar } from '../indexing/progress-bar';
import { IngestModule } from '../ingest.module';
import { DocumentIndexer, type DocumentIngestOutcome, MAX_BAD_FILE_SHARE } from './document-indexer';

interface DocumentsOptions {
  cases: string;
  sources: string;
  pageCitations?: string;
  maxBadShare: string;
  ifChanged?: boolean;
}

/** `ingest documents <dir>`: the corpus of government documents into the documents alias. */
export function documentsCommand(): Command {
  return new Command('documents')
    .description(
      'Index a corpus folder of government documents (ufo-files-archive-ocr/v1) behind the documents alias, one Elasticsearch document per page.',
    )
    .argument('[dir]', 'the corpus folder (e.g. ../shared/documents); default DOCUMENTS_DIR, and nothing to do when that is empty')
    .option('--cases <path>', 'case records whose sources link cases to documents', 'data/cases')
    .option(
      '--page-citations <file>',
      'the page citations CSV (case_id, document_id, pages); default document-pages.csv beside --cases, none when missing',
    )
    .option('--sources <dir>', 'the folder holding the release manifests', 'data/sources')
    .option('--if-changed', 'do nothing when the live index was built from this corpus, these manifests and cases')
    .option('--max-bad-share <share>', 'the share of unreadable files above which nothing is indexed', String(MAX_BAD_FILE_SHARE))
    .addHelpText('after', '\nEnvironment: ELASTICSEARCH_URL, DOCUMENTS_ALIAS (default documents).')
    .action(async (given: string | undefined, own: DocumentsOptions, command: Command) => {
      // The root command declares --if-changed too (for cases) and takes it wherever it stands, so read both levels.
      const options: DocumentsOptions = { ...own, ...command.optsWithGlobals() };
      const share = Number(options.maxBadShare);
      if (!(share >= 0 && share <= 1)) throw new Error(`--max-bad-share must be a share from 0 to 1, not ${options.maxBadShare}`);
      const app = await NestFactory.createApplicationContext(IngestModule.register(), { logger: ['warn', 'error'] });
      app.useLogger(new ConsoleLogger({ logLevels: ['log', 'warn', 'error'] }));
      try {
        const dir = given ?? app.get(AppConfigService).get('DOCUMENTS_DIR', { infer: true });
        if (!dir) {
          Logger.log(
            'DOCUMENTS_DIR is not set and no folder was given: no documents indexed (the document endpoints serve an empty archive)',
            'Ingest',
          );
          return;
        }
        if (!existsSync(dir)) throw new Error(`the documents folder ${dir} does not exist`);
        const outcome = await app.get(DocumentIndexer).ingest(
          dir,
          {
            casesPath: options.cases,
            pageCitationsPath: options.pageCitations,
            sourcesDir: options.sources,
            maxBadShare: share,
            ifChanged: options.ifChanged,
          },
          createProgressBar('pages'),
        );
        const message = formatDocumentOutcome(outcome);
        if (outcome.status === 'too-many-bad') {
          console.error(message);
          process.exitCode = 1;
        } else {
          Logger.log(message, 'Ingest');
        }
      } finally {
        await app.close();
      }
    });
}

export function formatDocumentOutcome(outcome: DocumentIngestOutcome): string {
  if (outcome.status === 'unchanged') return `The documents alias already serves this corpus from ${outcome.index}; nothing indexed`;
  const skipped = outcome.problems.map((problem) => `  ${problem.file}: ${problem.message}`).join('\n');
  if (outcome.status === 'too-many-bad') {
    return `${outcome.problems.length} of ${outcome.files} files are unreadable, more than the allowed share; nothing was indexed and the live index is untouched:\n${skipped}`;
  }
  return (
    `Indexed ${outcome.pages} pages of ${outcome.documents} documents into ${outcome.index} (${outcome.linked} cited by cases; ` +
    `${outcome.copyPairs} pairs of copied pages in ${outcome.copyGroups} groups); ` +
    `skipped ${outcome.problems.length} unreadable file(s)${outcome.problems.length ? `:\n${skipped}` : ''}`
  );
}
