import { errors } from '@elastic/elasticsearch';
import { generationOf, isUnreachable } from './archive-index.service';
import { readRequestOptions } from './elasticsearch.client';

describe('generationOf', () => {
  it('names the index the alias points at', () => {
    expect(generationOf({ 'cases-20260101-000000-000': { aliases: { cases: {} } } }, 'cases')).toBe('cases-20260101-000000-000');
  });

  it('is null when the alias does not exist (a 404 body)', () => {
    expect(generationOf({ error: 'alias [cases] missing', status: 404 } as never, 'cases')).toBeNull();
  });
});

describe('isUnreachable', () => {
  it('is true only when no node answered', () => {
    expect(isUnreachable(new errors.ConnectionError('refused'))).toBe(true);
    expect(isUnreachable(new errors.TimeoutError('slow'))).toBe(true);
    expect(isUnreachable(new errors.NoLivingConnectionsError('none', {} as never))).toBe(true);
    expect(isUnreachable(new Error('other'))).toBe(false);
  });
});

describe('readRequestOptions', () => {
  it('bounds every read and retries only onto other nodes', () => {
    expect(readRequestOptions(800, 1)).toEqual({ requestTimeout: 800, maxRetries: 0, openTelemetry: { enabled: false } });
    expect(readRequestOptions(800, 3)).toEqual({ requestTimeout: 800, maxRetries: 2, openTelemetry: { enabled: false } });
  });
});
