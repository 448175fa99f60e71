import type { FastifyReply, FastifyRequest } from 'fastify';
import pino from 'pino';
import { pinoOptions } from './http-log.options';
import { RequestLog } from './request-log';

/** The api's logger (its settings), its lines kept one string per write, as the batched stdout writer receives them. */
function capture(level = 'info') {
  const written: string[] = [];
  const destination = { write: (line: string) => void written.push(line) };
  const logger = pino(pinoOptions(level), destination);
  return { logger, written, log: new RequestLog(logger, destination), throughPino: new RequestLog(logger, undefined) };
}

const request = (url: string, route: string | undefined) =>
  ({ id: '0b7c2d1e-4f5a-4b6c-8d7e-9f0a1b2c3d4e', method: 'GET', url, routeOptions: { url: route } }) as unknown as FastifyRequest;
const reply = (statusCode: number, cache?: string) =>
  ({ statusCode, elapsedTime: 1.6, getHeader: (name: string) => (name === 'x-cache' ? cache : undefined) }) as unknown as FastifyReply;

describe('RequestLog', () => {
  it.each([
    ['a 304 served from cache', '/api/cases?type=military', '/api/cases', 304, 'HIT', 'info', 'request completed'],
    ['a URL that needs escaping', '/api/cases?q="ufo"\\%E2%9C%93&x=ü', '/api/cases', 200, 'MISS', 'info', 'request completed'],
    ['an unmatched path', '/nowhere', undefined, 404, undefined, 'info', 'request completed'],
    ['a 500', '/api/cases', '/api/cases', 500, undefined, 'error', 'request errored'],
  ])("writes %s as one line with the request's fields", (_what, url, route, status, cache, level, msg) => {
    const logged = capture();
    const byPino = capture();
    logged.log.write(request(url, route), reply(status, cache));
    byPino.logger[level as 'info' | 'error'](
      {
        requestId: '0b7c2d1e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
        req: { id: '0b7c2d1e-4f5a-4b6c-8d7e-9f0a1b2c3d4e', method: 'GET', url },
        res: { statusCode: status },
        durationMs: 2,
        route: route ?? null,
        cache: cache?.toLowerCase() ?? null,
      },
      msg,
    );
    expect(logged.written).toHaveLength(1);
    const { time: _ours, ...line } = JSON.parse(logged.written[0]);
    const { time: _theirs, ...expected } = JSON.parse(byPino.written[0]);
    expect(line).toEqual(expected);
    // Same fields in the same order, so the lines read alike in a log viewer.
    expect(Object.keys(JSON.parse(logged.written[0]))).toEqual(Object.keys(JSON.parse(byPino.written[0])));
    expect(logged.written[0].endsWith('}\n')).toBe(true);
  });

  it('logs an aborted request as an error with no status', () => {
    const { log, written } = capture();
    log.write(request('/api/cases/export', '/api/cases/export'), null);
    expect(JSON.parse(written[0])).toMatchObject({ level: 50, msg: 'request aborted', res: { statusCode: null }, durationMs: null, cache: null });
  });

  it('writes nothing below the configured level, and errors still at level error', () => {
    const { log, written } = capture('error');
    log.write(request('/api/cases', '/api/cases'), reply(200));
    expect(written).toEqual([]);
    log.write(request('/api/cases', '/api/cases'), reply(503));
    expect(JSON.parse(written[0])).toMatchObject({ level: 50, msg: 'request errored' });
  });

  it('takes the route pattern from its caller when given, as the onResponse stage reads it once', () => {
    const { log, written } = capture();
    log.write(request('/api/stats', undefined), reply(200), '/api/stats');
    expect(JSON.parse(written[0])).toMatchObject({ route: '/api/stats' });
  });

  it('writes the same line through pino itself when pino formats the lines (pino-pretty at a terminal)', () => {
    const fast = capture();
    const slow = capture();
    fast.log.write(request('/api/cases?q=ufo', '/api/cases'), reply(200, 'HIT'));
    slow.throughPino.write(request('/api/cases?q=ufo', '/api/cases'), reply(200, 'HIT'));
    const { time: _fast, ...line } = JSON.parse(fast.written[0]);
    const { time: _slow, ...expected } = JSON.parse(slow.written[0]);
    expect(line).toEqual(expected);
  });
});
