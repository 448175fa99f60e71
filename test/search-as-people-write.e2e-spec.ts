import { join } from 'node:path';
import { ingest, request, RunningApi, startApi } from './support/archive-harness';

// Issue 37 through the real HTTP server on the bundled archive (data/cases), indexed by the real
// ingest: never a silent zero, an honest `match` in Chinese, dates and names as people write them.
const ALIAS = 'e2e-people-write';
const ARCHIVE = join(__dirname, '..', 'data', 'cases');
const SOCORRO = '1964-socorro-zamora-landing';
const WASHINGTON = '1952-washington-dc-radar-sightings';

let api: RunningApi;
interface Page {
  total: number;
  suggestion?: string | null;
  cases: { id: string; match?: string }[];
}
const search = async (q: string): Promise<Page> => {
  const response = await request(api.baseUrl, `/api/cases?q=${encodeURIComponent(q)}`);
  expect(response.status).toBe(200);
  return response.body as Page;
};
const first = async (q: string) => (await search(q)).cases[0]?.id;

beforeAll(async () => {
  expect((await ingest(ALIAS, ARCHIVE)).status).toBe('indexed');
  api = await startApi({ CASES_ALIAS: ALIAS, CACHE_TTL_SECONDS: '0' });
});

afterAll(async () => {
  await api?.close();
});

describe('never a silent zero', () => {
  it('finds Roswell through the did-you-mean of a query that finds nothing', async () => {
    const typed = await search('Rosswel');
    expect(typed.total).toBe(0);
    expect(typed.suggestion).toBe('roswell');
    expect(await first(typed.suggestion!)).toBe('1947-roswell-debris-recovery');
    const suggested = await request(api.baseUrl, `/api/suggest?q=${encodeURIComponent('Rosswel')}`);
    expect(suggested.body).toMatchObject({ suggestions: [], suggestion: 'roswell' });
  });

  it('corrects a name spelt by its sound', async () => {
    const typed = await search('Teheren');
    expect(typed.total).toBe(0);
    expect(typed.suggestion).toBe('tehran');
  });
});

describe('an honest match in Chinese', () => {
  it('lists nothing as matching every word of a query for something the archive lacks', async () => {
    // The alien-autopsy film and the Loch Ness monster: matched, if at all, by a character pair or two.
    for (const q of ['外星人解剖录像', '尼斯湖水怪']) {
      const { cases } = await search(q);
      expect(cases.filter((listed) => listed.match === 'all')).toEqual([]);
    }
    const lochNess = await search('尼斯湖水怪');
    expect(lochNess.cases.find((listed) => listed.id === '1947-kenneth-arnold-mount-rainier')?.match).not.toBe('all');
  });

  it('still lists the case asked for as matching every word', async () => {
    const { cases } = await search('索科罗着陆');
    expect(cases[0]).toMatchObject({ id: SOCORRO, match: 'all' });
    expect((await search('凯克斯堡坠落物')).cases[0]).toMatchObject({ id: '1965-kecksburg-fireball', match: 'all' });
  });
});

describe('dates as people write them', () => {
  it.each(['4/24/64', '24.4.1964', '24/4/1964', '1964-04-24', 'April 24, 1964', '24 April 1964', '1964年4月24日', '六四年四月'])(
    'finds the Socorro landing first for %s',
    async (q) => {
      const page = await search(q);
      expect(page.cases[0]).toMatchObject({ id: SOCORRO, match: 'all' });
    },
  );

  it('ranks the cases of the date first beside other words, and takes no word of the date for a word of the record', async () => {
    expect(await first('landing 4/24/64')).toBe(SOCORRO);
    expect(await first('1952年7月19日 雷达')).toBe(WASHINGTON);
    // A date alone lists only its cases: "April" is not looked for in the text.
    expect((await search('April 24, 1964')).total).toBe(1);
    expect((await search('April 24, 1964')).suggestion).toBeNull();
  });
});

describe('what people call things', () => {
  it('finds a case by a popular name its record does not use', async () => {
    expect(await first('Washington flap')).toBe(WASHINGTON);
    expect(await first('Battle of LA')).toBe('1942-battle-of-los-angeles');
    expect(await first('Condon committee')).toBe('1969-condon-report-and-blue-book-closure');
    expect(await first('洛杉矶大空袭')).toBe('1942-battle-of-los-angeles');
    expect((await search('Washington flap')).suggestion).toBeNull();
  });

  it('counts the alias’s words as found in the case it names', async () => {
    expect((await search('Battle of LA')).cases[0]).toMatchObject({ id: '1942-battle-of-los-angeles', match: 'all' });
  });

  it('leaves the record’s own words first', async () => {
    expect(await first('Battle of Los Angeles')).toBe('1942-battle-of-los-angeles');
    expect(await first('Condon report')).toBe('1969-condon-report-and-blue-book-closure');
  });
});
