import { randomBytes } from 'node:crypto';
import type { FactoryProvider } from '@nestjs/common';
import { AppConfigService } from '@app/config';
import type { CursorProblem } from '@app/search';
import { InvalidParametersError } from '../errors/api-error';

/** The injection token of the key that signs and checks list cursors. */
export const CURSOR_KEY = Symbol('CURSOR_KEY');

/** CURSOR_KEY when set; otherwise one random key for the life of this process (see Environment). */
export const cursorKeyProvider: FactoryProvider<Buffer> = {
  provide: CURSOR_KEY,
  inject: [AppConfigService],
  useFactory: (config: AppConfigService) => {
    const configured = config.get('CURSOR_KEY', { infer: true });
    return configured ? Buffer.from(configured, 'utf8') : randomBytes(32);
  },
};

/** What a bad cursor gets told, for every list that walks by cursor (cases, documents). */
const CURSOR_PROBLEMS: Record<CursorProblem, string> = {
  malformed: 'cursor is not a cursor this API issued; pass the nextCursor of a previous page unchanged',
  stale: 'cursor is from an older version of this API; start the walk again without a cursor',
  'other-filters': 'cursor was issued for other filters; repeat the exact filters of the request that returned it',
};

/**
 * Where a list's cursor says its page starts, read by `decode`; a 400 naming what is wrong when
 * the request also gives an offset or the cursor is not one this API issued for these filters.
 */
export function readCursor<T extends object>(offset: number | undefined, decode: () => T | CursorProblem): T {
  if (offset !== undefined) {
    throw new InvalidParametersError([
      { parameter: 'cursor', message: 'cursor cannot be combined with offset; a cursor already says where the page starts' },
    ]);
  }
  const cursor = decode();
  if (typeof cursor === 'string') throw new InvalidParametersError([{ parameter: 'cursor', message: CURSOR_PROBLEMS[cursor] }]);
  return cursor;
}
