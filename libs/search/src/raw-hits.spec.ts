import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CASE_SUMMARY_FIELDS } from '@app/cases';
import { caseListing } from './case-index.definition';
import { readRawHits } from './raw-hits';

const texts = (buffers: Buffer[]) => buffers.map((buffer) => buffer.toString('utf8'));
const edited = (body: Buffer, from: string, to: string) => Buffer.from(body.toString('utf8').replace(from, to));

const CASES_DIR = join(__dirname, '..', '..', '..', 'data', 'cases');
const archive = readdirSync(CASES_DIR).map((file) => JSON.parse(readFileSync(join(CASES_DIR, file), 'utf8')) as { id: string; date: string });

/** A response as Elasticsearch writes it for filter_path `pit_id,hits.total.value,hits.hits._source,hits.hits.sort`. */
function response(docs: object[], extra: { total?: number; pitId?: string } = {}): Buffer {
  const hits = docs.map((doc, i) => ({
    _source: doc,
    sort: [1_000 - i, (doc as { id: string }).id],
  }));
  return Buffer.from(
    JSON.stringify({
      ...(extra.pitId ? { pit_id: extra.pitId } : {}),
      hits: { ...(extra.total !== undefined ? { total: { value: extra.total } } : {}), hits },
    }),
  );
}

describe('readRawHits', () => {
  it('gives every record of the archive back as the exact JSON it came in, with the last sort values', () => {
    const raw = readRawHits(response(archive, { total: 9_999, pitId: 'p1' }))!;
    expect(texts(raw.sources).map((text) => JSON.parse(text))).toEqual(archive);
    expect(texts(raw.sources)).toEqual(archive.map((record) => JSON.stringify(record)));
    expect(raw).toMatchObject({ total: 9_999, pitId: 'p1', lastSort: [1_000 - archive.length + 1, archive.at(-1)!.id] });
  });

  it('keeps multi-byte characters whole, as they are found by bytes', () => {
    const raw = readRawHits(response([{ id: 'zh', title: { zh: '不明空中现象，"sort":[' } }]))!;
    expect(JSON.parse(raw.sources[0].toString('utf8')).title.zh).toBe('不明空中现象，"sort":[');
  });

  it('is not misled by text inside strings that looks like the next member', () => {
    const tricky = [
      { id: 'a', title: { en: 'x},"sort":[1,"a"]},{"_source":{"id":"b"' } },
      { id: 'b', note: '\\",\\"sort\\":[', nested: { list: [{ id: 'inner' }] } },
    ];
    expect(texts(readRawHits(response(tricky))!.sources).map((text) => JSON.parse(text))).toEqual(tricky);
  });

  it('reads the named queries each hit matched, and the suggest section, after the hits', () => {
    const body = Buffer.from(
      JSON.stringify({
        hits: {
          total: { value: 2 },
          hits: [
            { _source: { id: 'a' }, sort: [2, 'a'], matched_queries: ['all'] },
            { _source: { id: 'b' }, sort: [1, 'b'] },
          ],
        },
        suggest: { did_you_mean: [{ options: [{ text: 'roswell' }] }] },
      }),
    );
    const raw = readRawHits(body)!;
    expect(texts(raw.sources)).toEqual(['{"id":"a"}', '{"id":"b"}']);
    expect(raw).toMatchObject({ total: 2, lastSort: [1, 'b'], matchedQueries: [['all'], undefined] });
    expect(raw.suggest).toEqual({ did_you_mean: [{ options: [{ text: 'roswell' }] }] });
    expect(readRawHits(response([{ id: 'a' }]))).not.toHaveProperty('matchedQueries');
  });

  it('finds the id before the tiebreaker a point in time adds to the sort values', () => {
    const raw = readRawHits(edited(response([{ id: 'a' }, { id: 'b' }]), '"sort":[999,"b"]', '"sort":[999,"b",287]'))!;
    expect(texts(raw.sources)).toEqual(['{"id":"a"}', '{"id":"b"}']);
    expect(raw.lastSort).toEqual([999, 'b', 287]);
  });

  it('reads a page with no hits, which filter_path leaves without hits.hits', () => {
    expect(readRawHits(Buffer.from('{"hits":{"total":{"value":0}}}'))).toEqual({ total: 0, sources: [] });
    expect(readRawHits(Buffer.from('{"pit_id":"p2"}'))).toEqual({ pitId: 'p2', sources: [] });
  });

  it('gives each listing (doc values, base64) back as the summary of its record: the summary fields in the record’s order', () => {
    const hits = archive.map((record, i) => `{"fields":{"listing":["${caseListing(record as never)}"]},"sort":[${1_000 - i},"${record.id}"]}`);
    const raw = readRawHits(Buffer.from(`{"hits":{"total":{"value":${archive.length}},"hits":[${hits.join(',')}]}}`))!;
    const summary = (record: object) =>
      Object.fromEntries(Object.entries(record).filter(([field]) => (CASE_SUMMARY_FIELDS as readonly string[]).includes(field)));
    expect(texts(raw.sources)).toEqual(archive.map((record) => JSON.stringify(summary(record))));
    expect(raw.lastSort).toEqual([1_000 - archive.length + 1, archive.at(-1)!.id]);
  });

  it('declines a listing that is not followed by the sort values, or whose summary does not carry the sorted id', () => {
    const listing = caseListing({ id: 'a', title: { en: 'A', zh: '甲' } } as never);
    expect(readRawHits(Buffer.from(`{"hits":{"hits":[{"fields":{"listing":["${listing}"]},"sort":[1,"a"]}]}}`))?.sources.map(String)).toEqual([
      '{"id":"a","title":{"en":"A","zh":"甲"}}',
    ]);
    expect(readRawHits(Buffer.from(`{"hits":{"hits":[{"fields":{"listing":["${listing}"]},"sort":[1,"b"]}]}}`))).toBeUndefined();
    expect(readRawHits(Buffer.from(`{"hits":{"hits":[{"fields":{"listing":["${listing}","x"]},"sort":[1,"a"]}]}}`))).toBeUndefined();
    expect(readRawHits(Buffer.from(`{"hits":{"hits":[{"fields":{"listing":["${listing}"]},"highlight":{},"sort":[1,"a"]}]}}`))).toBeUndefined();
  });

  it('matches a listing to its sorted id whole, never an id that only starts the same', () => {
    const hit = (id: string, sorted: string) =>
      `{"fields":{"listing":["${caseListing({ id, title: { en: 'A', zh: '甲' } } as never)}"]},"sort":[1,"${sorted}"]}`;
    const page = (...hits: string[]) => readRawHits(Buffer.from(`{"hits":{"hits":[${hits.join(',')}]}}`));
    expect(page(hit('a', 'ab'))).toBeUndefined();
    expect(page(hit('ab', 'a'))).toBeUndefined();
    // Every listing of a page is decoded, each to its own bytes, however many share the page.
    expect(page(hit('a', 'a'), hit('ab', 'ab'), hit('b', 'b'))?.sources.map((doc) => JSON.parse(String(doc)).id)).toEqual(['a', 'ab', 'b']);
  });

  it('declines any other shape, so that the caller parses the response whole', () => {
    // A hit whose sort values do not name the document it follows.
    expect(readRawHits(edited(response([{ id: 'a' }]), '"sort":[1000,"a"]', '"sort":[1000,"z"]'))).toBeUndefined();
    expect(readRawHits(edited(response([{ id: 'a' }]), '"_source"', '"_id":"a","_source"'))).toBeUndefined();
    expect(readRawHits(Buffer.from('{"hits":{"hits":[{"_source":{"id":"a"},"sort":[1,"a"]}'))).toBeUndefined();
    expect(readRawHits(Buffer.from('not json'))).toBeUndefined();
  });
});
