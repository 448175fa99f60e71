import { Readable } from 'node:stream';
import type { CaseExportPages } from '@app/search';
import { joinJson } from '../response/join-json';

/**
 * The export as NDJSON, one full record per line. A page is read only when the consumer has
 * drained the previous one (Readable's own backpressure), so memory stays at one page however
 * large the archive. Ending, failing or being destroyed because the client left all release the
 * point in time.
 */
export class CaseExportStream extends Readable {
  constructor(private readonly pages: CaseExportPages) {
    super();
  }

  override _read(): void {
    this.pages.next().then(
      (page) => {
        if (this.destroyed) return;
        this.push(page === null ? null : joinJson(page, '\n', '', '\n'));
      },
      (error: Error) => this.destroy(error),
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.pages.close().then(
      () => callback(error),
      () => callback(error),
    );
  }
}
