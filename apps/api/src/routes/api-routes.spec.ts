import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApiApp } from '../create-api-app';
import { buildOpenApiDocument } from '../openapi/openapi.document';
import { ARCHIVE_ROUTES, GUIDE_ROUTES, isServedPath, OPERATIONS_ROUTES } from './api-routes';

describe('isServedPath', () => {
  it.each([
    '/api/cases',
    '/api/cases/',
    '/api/cases/1947-roswell-debris-recovery',
    '/api/cases/export',
    '/api/stats/',
    '/api/feed.atom',
    '/health',
    '/metrics/',
    '/',
    '/assets/index-abc.js',
    '/api/openapi.json',
    '/llms.txt',
    '/llms-full.txt',
  ])('knows %s', (path) => expect(isServedPath(path)).toBe(true));

  it.each(['/api', '/api/cases/a/b', '/api/statistics', '/api/feedxatom', '/healthz', '/api/openapi.xml', '/llms.md'])('does not know %s', (path) =>
    expect(isServedPath(path)).toBe(false),
  );
});

describe('the route list', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    // Nothing here reads the archive: building the app never contacts Elasticsearch.
    app = await createApiApp({ logger: false, env: { ELASTICSEARCH_URL: 'http://127.0.0.1:9' } });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('is every route the controllers register, and nothing else', () => {
    const fastify = app.getHttpAdapter().getInstance();
    for (const route of [...ARCHIVE_ROUTES, ...GUIDE_ROUTES, ...OPERATIONS_ROUTES]) {
      expect(fastify.hasRoute({ method: 'GET', url: route.replace(/\{([^}]+)\}/g, ':$1') })).toBe(true);
    }
    // The documented paths: every route but the scrape, which is not part of the public API.
    const documented = Object.keys(buildOpenApiDocument(app).paths);
    expect(documented.sort()).toEqual([...ARCHIVE_ROUTES, ...GUIDE_ROUTES, ...OPERATIONS_ROUTES.filter((route) => route !== '/metrics')].sort());
  });

  it('is what a 404 names', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe(`No resource at GET /api/nothing-here. Endpoints: ${ARCHIVE_ROUTES.join(', ')}.`);
    expect(response.json().error.message).toContain('/api/feed.atom');
  });

  it('is what a write is refused on with 405', async () => {
    for (const route of [...ARCHIVE_ROUTES, ...GUIDE_ROUTES]) {
      const response = await app.inject({ method: 'DELETE', url: route.replace('{id}', 'some-case') });
      expect(response.statusCode).toBe(405);
    }
    expect((await app.inject({ method: 'DELETE', url: '/api/nothing-here' })).statusCode).toBe(404);
  });
});
