import { FIXTURE, ingest, request, RunningApi, startApi } from './support/archive-harness';

// Search behaviour on the real engine with the real index settings (elastic/index): the fallback
// when not every word matches, synonyms in both languages, Traditional Chinese input, highlights.
const ALIAS = 'e2e-search';

let api: RunningApi;
const search = async (q: string, extra = '') => {
  const response = await request(api.baseUrl, `/api/cases?q=${encodeURIComponent(q)}${extra}`);
  expect(response.status).toBe(200);
  return response.body as {
    total: number;
    suggestion?: string | null;
    cases: { id: string; match?: string; highlight?: Record<string, string[]> }[];
  };
};
const ids = async (q: string) => (await search(q)).cases.map((c) => c.id);

beforeAll(async () => {
  expect((await ingest(ALIAS, FIXTURE)).status).toBe('indexed');
  api = await startApi({ CASES_ALIAS: ALIAS, CACHE_TTL_SECONDS: '0' });
});

afterAll(async () => {
  await api?.close();
});

describe('keyword search that forgives', () => {
  it('still finds the place when another word of a natural query appears in no case', async () => {
    // No fixture case has all of "sightings", "over" and "Washington".
    expect((await ids('sightings over Washington'))[0]).toBe('1952-washington-dc-radar-sightings');
  });

  it('ranks cases with every word above cases with only some', async () => {
    const found = await ids('flying disc Roswell');
    expect(found[0]).toBe('1947-roswell-debris-recovery');
    expect(found).toContain('1948-navy-fifth-naval-district-flying-discs-memo');
  });

  it('treats UFO and UAP as one term in English', async () => {
    // Tremonton's record says UFO only, Kabul's UAP only.
    expect(await ids('UAP')).toEqual(expect.arrayContaining(['1952-tremonton-utah-film', '2017-kabul-afsoc-uap']));
    expect(await ids('UFO')).toEqual(expect.arrayContaining(['1952-tremonton-utah-film', '2017-kabul-afsoc-uap']));
    expect(await ids('unidentified aerial phenomena')).toContain('1952-tremonton-utah-film');
  });

  it('treats 不明飞行物, 不明异常现象, 飞碟 and UAP as one term in Chinese', async () => {
    // Tremonton's Chinese text says 不明飞行物; Roswell's says 飞碟.
    expect(await ids('不明异常现象')).toEqual(
      expect.arrayContaining(['1952-tremonton-utah-film', '2017-kabul-afsoc-uap', '1947-roswell-debris-recovery']),
    );
    expect(await ids('飞碟')).toEqual(expect.arrayContaining(['1952-tremonton-utah-film', '1947-roswell-debris-recovery']));
  });

  it('finds a place under another common Chinese spelling of its name', async () => {
    expect((await ids('罗斯韦尔'))[0]).toBe('1947-roswell-debris-recovery');
  });

  it('matches a mixed Han-and-digit mission name', async () => {
    expect((await ids('阿波罗11号'))[0]).toBe('1969-apollo-11-crew-debriefing-observations');
  });

  it('finds the same cases for Traditional Chinese input as for Simplified', async () => {
    const simplified = await ids('罗斯威尔');
    expect(simplified[0]).toBe('1947-roswell-debris-recovery');
    expect(await ids('羅斯威爾')).toEqual(simplified);
    expect(await ids('飛碟')).toEqual(await ids('飞碟'));
    expect((await ids('阿波羅11號'))[0]).toBe('1969-apollo-11-crew-debriefing-observations');
  });
});

describe('finding what people mean', () => {
  it('finds a case under a misspelt name, and ranks it first', async () => {
    expect((await ids('Rosswell'))[0]).toBe('1947-roswell-debris-recovery');
    expect((await ids('Tremonten film'))[0]).toBe('1952-tremonton-utah-film');
  });

  it('finds a name from its first letters', async () => {
    expect((await ids('Tremon'))[0]).toBe('1952-tremonton-utah-film');
    expect((await ids('Shag Harb'))[0]).toBe('1967-shag-harbour');
  });

  it('finds a person named only in the detail', async () => {
    // Brigadier General Roger Ramey appears in no title, place or summary.
    expect((await ids('Roger Ramey'))[0]).toBe('1947-roswell-debris-recovery');
  });

  it('ranks a case naming the word in its title above one naming it only in the detail', async () => {
    // Tremonton's detail mentions Washington; the 1952 radar case has it in its title.
    const found = await ids('Washington');
    expect(found[0]).toBe('1952-washington-dc-radar-sightings');
    expect(found).toContain('1952-tremonton-utah-film');
  });

  it('says which cases matched every word and which only some', async () => {
    const { cases } = await search('flying disc Roswell');
    expect(cases.find((c) => c.id === '1947-roswell-debris-recovery')?.match).toBe('all');
    expect(cases.find((c) => c.id === '1948-navy-fifth-naval-district-flying-discs-memo')?.match).toBe('some');
    expect((await request(api.baseUrl, '/api/cases?limit=1')).body.cases[0]).not.toHaveProperty('match');
  });

  it('suggests the corrected query when a word is not in the archive as typed, and nothing otherwise', async () => {
    expect((await search('Rosswell')).suggestion).toBe('roswell');
    expect((await search('Roswell')).suggestion).toBeNull();
    expect(await request(api.baseUrl, '/api/cases?limit=1').then((r) => r.body)).not.toHaveProperty('suggestion');
  });

  it('takes no inflection of an indexed word for a misspelling: it is found as typed, with nothing to suggest', async () => {
    // The fixture says "pilot" and "crashed", never "pilots" or "crashes": the stemmed fields find them.
    const pilots = await search('pilots');
    expect(pilots.suggestion).toBeNull();
    expect(pilots.total).toBeGreaterThan(0);
    expect(pilots.cases.map((c) => c.id)).toEqual(await ids('pilot'));
    expect((await search('crashes')).suggestion).toBeNull();
    expect((await search('Rosswell debris')).suggestion).toBe('roswell debris');
    // No case says both Roswell and "crashed": the correction finds no case with every word, so it is not offered.
    expect((await search('Rosswell crashes')).suggestion).toBeNull();
  });

  it('counts the same cases for a misspelt query in the stats as in the list, the second time as the first', async () => {
    for (let i = 0; i < 2; i++) {
      const list = await search('Rosswell crash');
      const stats = await request(api.baseUrl, `/api/stats?q=${encodeURIComponent('Rosswell crash')}`);
      expect(stats.body.total).toBe(list.total);
      expect(list.cases[0].id).toBe('1947-roswell-debris-recovery');
    }
  });
});

describe('did you mean: never a silent zero', () => {
  it('suggests a correction two letters away for a query that finds nothing, and the suggestion finds the case', async () => {
    // "Rosswel" is two edits from "roswell": beyond what the search itself forgives for 7 letters.
    const typed = await search('Rosswel');
    expect(typed.total).toBe(0);
    expect(typed.suggestion).toBe('roswell');
    expect((await ids(typed.suggestion!))[0]).toBe('1947-roswell-debris-recovery');
    // Beside a word the archive has: the typed words match only some.
    const beside = await search('Rosswel debris');
    expect(beside.cases.map((c) => c.match)).not.toContain('all');
    expect(beside.suggestion).toBe('roswell debris');
    // Doubled letters beyond any two edits: read with each doubled letter once.
    expect((await search('Rossswweell')).suggestion).toBe('roswell');
  });

  it('offers a did-you-mean only where it finds what the typed words did not', async () => {
    // No case has "zzyzx", so "roswell zzyzx" would match no case in full either.
    const both = await search('Rosswell zzyzx');
    expect(both.cases.map((c) => c.match)).not.toContain('all');
    expect(both.suggestion).toBeNull();
    // A word two letters from some indexed word is corrected boldly only for a mistake of sound or doubled letters.
    expect((await search('Westal')).suggestion).toBeNull();
    // A later page repeats no suggestion.
    expect((await search('Rosswel', '&offset=10')).suggestion).toBeNull();
  });

  it('gives the same did-you-mean from /api/suggest when nothing completes the text', async () => {
    const response = await request(api.baseUrl, `/api/suggest?q=${encodeURIComponent('Rosswel')}`);
    expect(response.body).toMatchObject({ q: 'Rosswel', suggestions: [], suggestion: 'roswell' });
    const completed = await request(api.baseUrl, `/api/suggest?q=${encodeURIComponent('Roswe')}`);
    expect(completed.body.suggestion).toBeNull();
    expect(completed.body.suggestions[0].id).toBe('1947-roswell-debris-recovery');
  });
});

describe('highlight', () => {
  it('adds the matching fragments of each listed case when asked', async () => {
    const { cases } = await search('Roswell', '&highlight=true');
    expect(cases[0].id).toBe('1947-roswell-debris-recovery');
    expect(cases[0].highlight?.['title.en']).toEqual(['Recovery of &#x27;flying disc&#x27; debris near <em>Roswell</em>, New Mexico']);
    expect(cases[0].highlight?.['title.zh']?.[0]).toContain('<em>');
    for (const listed of cases) expect(listed.highlight).toEqual(expect.any(Object));
  });

  it('marks the Simplified text that a Traditional query matched', async () => {
    const { cases } = await search('羅斯威爾', '&highlight=true');
    expect(cases[0].highlight?.['title.zh']?.[0]).toMatch(/<em>罗斯/);
  });

  it('leaves highlights out unless asked, and rejects a value other than true or false', async () => {
    expect((await search('Roswell')).cases[0]).not.toHaveProperty('highlight');
    const { status, body } = await request(api.baseUrl, '/api/cases?q=Roswell&highlight=yes');
    expect(status).toBe(400);
    expect(body.error.code).toBe('invalid_parameter');
    expect(JSON.stringify(body.error.parameters)).toContain('highlight must be true or false');
  });
});
