import { FIXTURE, ingest, request, RunningApi, startApi } from './support/archive-harness';

// GET /api/suggest on the real engine: completions of titles and place names as they are typed.
const ALIAS = 'e2e-suggest';

let api: RunningApi;
const suggest = async (q: string, extra = '') => {
  const response = await request(api.baseUrl, `/api/suggest?q=${encodeURIComponent(q)}${extra}`);
  expect(response.status).toBe(200);
  return response.body as { q: string; suggestions: { id: string; text: string; field: string; language: string; title: string }[] };
};

beforeAll(async () => {
  expect((await ingest(ALIAS, FIXTURE)).status).toBe('indexed');
  api = await startApi({ CASES_ALIAS: ALIAS, CACHE_TTL_SECONDS: '0' });
});

afterAll(async () => {
  await api?.close();
});

describe('suggestions as you type', () => {
  it('completes the first letters of an English title', async () => {
    const { q, suggestions } = await suggest(' Tremon ');
    expect(q).toBe('Tremon');
    expect(suggestions[0]).toEqual({
      id: '1952-tremonton-utah-film',
      text: 'Tremonton, Utah UFO film (Newhouse film)',
      field: 'title',
      language: 'en',
      title: 'Tremonton, Utah UFO film (Newhouse film)',
    });
  });

  it('takes every typed word as the start of a word', async () => {
    expect((await suggest('Shag Harb')).suggestions.map((s) => s.id)).toEqual(['1967-shag-harbour']);
  });

  it('completes Chinese, Simplified or Traditional, in Chinese', async () => {
    const simplified = await suggest('罗斯威');
    expect(simplified.suggestions[0]).toMatchObject({ id: '1947-roswell-debris-recovery', field: 'title', language: 'zh' });
    expect(simplified.suggestions[0].text).toContain('罗斯威尔');
    expect((await suggest('羅斯威')).suggestions).toEqual(simplified.suggestions);
  });

  it('offers a place name when only the place matches, with the title of its case', async () => {
    const { suggestions } = await suggest('Washington National');
    expect(suggestions[0]).toMatchObject({
      id: '1952-washington-dc-radar-sightings',
      field: 'place',
      language: 'en',
      text: 'Washington National Airport, USA',
    });
    expect(suggestions[0].title).toBe('Washington, D.C. radar and visual sightings, 1952');
  });

  it('gives at most limit suggestions, and none for text nothing starts with', async () => {
    expect((await suggest('UFO', '&limit=1')).suggestions).toHaveLength(1);
    expect((await suggest('Zzyzx')).suggestions).toEqual([]);
  });

  it('answers 400 naming the parameter for a missing or empty q and a limit outside 1-10', async () => {
    for (const path of [
      '/api/suggest',
      '/api/suggest?q=%20',
      '/api/suggest?q=a&limit=11',
      '/api/suggest?q=a&limit=0',
      '/api/suggest?q=a&limit=two',
    ]) {
      const { status, body } = await request(api.baseUrl, path);
      expect(status).toBe(400);
      expect(body.error.code).toBe('invalid_parameter');
      expect(body.error.parameters[0].parameter).toBe(path.includes('limit') ? 'limit' : 'q');
    }
  });
});
