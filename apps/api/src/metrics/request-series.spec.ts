import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Histogram, Registry } from 'prom-client';
import { DURATION_BUCKETS, RequestSeries } from './request-series';

/** The same responses recorded by prom-client's own labelled metrics, as the api did before. */
function promClientOf(responses: [string, string, number, number, string?][]): Registry {
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'uap_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'uap_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its response, by method, route pattern and status.',
    labelNames,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const cache = new Counter({
    name: 'uap_cache_results_total',
    help: 'Answers of cached endpoints by the X-Cache header they carried: hit, miss or stale.',
    labelNames: ['route', 'result'] as const,
    registers: [registry],
  });
  for (const [method, route, status, seconds, result] of responses) {
    requests.inc({ method, route, status: String(status) });
    duration.observe({ method, route, status: String(status) }, seconds);
    if (result) cache.inc({ route, result });
  }
  return registry;
}

const lines = (text: string) => text.split('\n').filter(Boolean).sort();

describe('RequestSeries', () => {
  const responses: [string, string, number, number, string?][] = [
    ['GET', '/api/cases', 200, 0.0004, 'hit'],
    ['GET', '/api/cases', 200, 0.003, 'miss'],
    ['GET', '/api/cases', 304, 0.0002, 'hit'],
    ['HEAD', '/api/cases', 200, 0.001],
    ['GET', '/api/cases/:id', 404, 0.02],
    ['GET', '/api/stats', 429, 7, undefined],
    ['GET', '(unmatched)', 404, 0.0025],
    // Label values the text format must escape: a quote, a backslash, a line break.
    ['GET', '/odd"\\path\nhere', 400, 0.0001, 'miss'],
  ];

  it('renders the lines of prom-client labelled metrics for the same responses', async () => {
    const series = new RequestSeries();
    for (const [method, route, status, seconds, result] of responses) {
      series.record(method, route, status, seconds);
      if (result) series.recordCache(route, result);
    }
    expect(lines(series.render())).toEqual(lines(await promClientOf(responses).metrics()));
  });

  it('renders no sample before the first request, and none after a reset', async () => {
    const series = new RequestSeries();
    expect(lines(series.render())).toEqual(lines(await promClientOf([]).metrics()));
    series.record('GET', '/api/stats', 200, 0.001);
    expect(series.render()).toMatch(/^uap_http_requests_total\{method="GET",route="\/api\/stats",status="200"\} 1$/m);
    series.reset();
    expect(series.render()).not.toMatch(/^uap_http_requests_total\{/m);
  });

  it('records a reply under its route pattern, or (unmatched), and its X-Cache result', async () => {
    const series = new RequestSeries();
    const request = (url?: string) => ({ method: 'GET', routeOptions: { url } }) as FastifyRequest;
    const reply = (statusCode: number, cache?: string) =>
      ({ statusCode, elapsedTime: 2, getHeader: (name: string) => (name === 'x-cache' ? cache : undefined) }) as unknown as FastifyReply;
    series.recordReply(request('/api/cases'), reply(200, 'STALE'));
    series.recordReply(request(undefined), reply(404));
    series.recordReply(request(undefined), reply(200), '/api/stats');
    const text = series.render();
    expect(text).toMatch(/^uap_http_requests_total\{method="GET",route="\/api\/cases",status="200"\} 1$/m);
    expect(text).toMatch(/^uap_http_requests_total\{method="GET",route="\(unmatched\)",status="404"\} 1$/m);
    expect(text).toMatch(/^uap_http_request_duration_seconds_bucket\{le="0\.0025",method="GET",route="\/api\/cases",status="200"\} 1$/m);
    expect(text).toMatch(/^uap_cache_results_total\{route="\/api\/cases",result="stale"\} 1$/m);
    expect(text).toMatch(/^uap_http_requests_total\{method="GET",route="\/api\/stats",status="200"\} 1$/m);
    expect(text).not.toMatch(/^uap_cache_results_total\{route="\(unmatched\)"/m);
  });
});
