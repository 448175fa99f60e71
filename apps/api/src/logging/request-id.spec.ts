import type { IncomingMessage } from 'node:http';
import { requestIdOf } from './request-id';

const raw = (headers: Record<string, string | string[]>) => ({ headers }) as unknown as IncomingMessage;

describe('requestIdOf', () => {
  it('keeps a sane incoming X-Request-Id', () => {
    expect(requestIdOf(raw({ 'x-request-id': 'lb-1234.abc:9' }))).toBe('lb-1234.abc:9');
  });

  it.each([['with spaces'], ['a'.repeat(129)], ['quote"d'], ['line\nbreak']])('replaces %j with a UUID', (incoming) => {
    expect(requestIdOf(raw({ 'x-request-id': incoming }))).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('answers the same id every time it is asked about one request', () => {
    const request = raw({});
    expect(requestIdOf(request)).toBe(requestIdOf(request));
  });
});
