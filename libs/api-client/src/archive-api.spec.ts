import { ApiRequestError, createArchiveApi } from './archive-api';

/** The api as a client sees it: a fetch that answers each request with the given status, headers and body. */
function answering(status: number, body: unknown, headers: Record<string, string> = {}) {
  const seen: Request[] = [];
  const fetch = async (request: Request) => {
    seen.push(request);
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  };
  return { seen, fetch };
}

describe('createArchiveApi', () => {
  it('sends the query string, the path id and the key as the contract names them', async () => {
    const { seen, fetch } = answering(200, { version: 1, license: 'l', count: 0, total: 0, limit: 5, offset: 0, nextCursor: null, cases: [] });
    const api = createArchiveApi({ baseUrl: 'http://api.test/', apiKey: 'k-123', fetch });
    await api.listCases({ type: 'radar', year: 2004, q: 'tic tac', limit: 5 });
    await api.getCase('1947-roswell debris');
    expect(seen.map((request) => request.url)).toEqual([
      'http://api.test/api/cases?type=radar&year=2004&q=tic%20tac&limit=5',
      'http://api.test/api/cases/1947-roswell%20debris',
    ]);
    expect(seen[0].headers.get('X-API-Key')).toBe('k-123');
  });

  it("turns an error body into an ApiRequestError with the api's message, code and Retry-After", async () => {
    const body = {
      version: 1,
      license: 'l',
      error: { status: 429, code: 'rate_limited', message: 'Over quota', policy: 'keyless', quota: 1, retryAfter: 41 },
    };
    const api = createArchiveApi({ baseUrl: 'http://api.test', ...answering(429, body, { 'Retry-After': '41' }) });
    const error = await api.getStats().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', message: 'Over quota', retryAfter: 41, body });
  });

  it('names the status when the body is not the JSON error envelope (a proxy page)', async () => {
    const api = createArchiveApi({ baseUrl: 'http://api.test', ...answering(502, '<html>Bad Gateway</html>') });
    await expect(api.getCase('x')).rejects.toMatchObject({ status: 502, code: undefined, message: expect.stringMatching(/^502/) });
  });
});
