import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { CaseSummary } from '@app/cases';
import { buildAtomFeed, xmlSafeText, type AtomFeedInput } from './atom-feed.builder';

const fixture: CaseSummary[] = JSON.parse(readFileSync(join(__dirname, '../../../../test/fixtures/cases.json'), 'utf8'));
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  isArray: (name) => ['entry', 'link', 'category', 'span', 'p'].includes(name),
});

const input = (overrides: Partial<AtomFeedInput> = {}): AtomFeedInput => ({
  selfUrl: 'https://api.test/api/feed.atom?tranche=PURSUE-1&country=ZZ',
  listUrl: 'https://api.test/api/cases?tranche=PURSUE-1&country=ZZ',
  baseUrl: 'https://api.test',
  operatorName: 'Test <Operator> & Co',
  operatorSite: 'https://ops.test',
  license: 'Public domain & more',
  filters: ['tranche=PURSUE-1', 'country=ZZ'],
  archiveUpdated: '2026-11-22',
  cases: [...fixture].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)).slice(0, 3),
  ...overrides,
});

describe('buildAtomFeed', () => {
  it('is well-formed XML with every element RFC 4287 requires of a feed and its entries', () => {
    const xml = buildAtomFeed(input());
    expect(XMLValidator.validate(xml)).toBe(true);
    const { feed } = parser.parse(xml);
    expect(feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.id).toBe('https://api.test/api/feed.atom?tranche=PURSUE-1&country=ZZ');
    expect(feed.title).toBe('Test <Operator> & Co: case changes (tranche=PURSUE-1, country=ZZ)');
    expect(feed.updated).toBe('2026-11-22T00:00:00Z');
    expect(feed.author).toEqual({ name: 'Test <Operator> & Co', uri: 'https://ops.test' });
    expect(feed.link.find((l: Record<string, string>) => l['@_rel'] === 'self')['@_href']).toBe(input().selfUrl);
    expect(feed.entry).toHaveLength(3);
    for (const entry of feed.entry) {
      expect(entry.id).toMatch(/^https:\/\/api\.test\/api\/cases\/[a-z0-9-]+$/);
      expect(entry.updated).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/);
      expect(entry.title['@_type']).toBe('xhtml');
      // No atom:content, so RFC 4287 4.1.2 requires a rel="alternate" link.
      expect(entry.link.filter((l: Record<string, string>) => l['@_rel'] === 'alternate')).toEqual([
        { '@_rel': 'alternate', '@_type': 'application/json', '@_href': entry.id },
      ]);
    }
  });

  it('gives each entry its title and summary in both languages, tagged with xml:lang', () => {
    const [first] = input().cases;
    const { feed } = parser.parse(buildAtomFeed(input()));
    const entry = feed.entry[0];
    expect(entry.title.div['@_xmlns']).toBe('http://www.w3.org/1999/xhtml');
    const titles = entry.title.div.span.filter((s: Record<string, string>) => s['@_xml:lang']);
    expect(titles.map((s: Record<string, string>) => [s['@_xml:lang'], s['#text']])).toEqual([
      ['en', first.title.en],
      ['zh-Hans', first.title.zh],
    ]);
    expect(entry.summary.div.p.map((p: Record<string, string>) => [p['@_xml:lang'], p['#text']])).toEqual([
      ['en', first.summary.en],
      ['zh-Hans', first.summary.zh],
    ]);
    expect(entry.updated).toBe(`${first.updatedAt}T00:00:00Z`);
    expect(entry.published).toBe(`${first.addedAt}T00:00:00Z`);
  });

  it('escapes markup in text and attributes', () => {
    const xml = buildAtomFeed(input());
    expect(xml).toContain('<title>Test &lt;Operator&gt; &amp; Co: case changes');
    expect(xml).toContain('href="https://api.test/api/feed.atom?tranche=PURSUE-1&amp;country=ZZ"');
  });

  it('stays a valid feed with no entries, dated by the archive or, when empty, the epoch', () => {
    const empty = parser.parse(buildAtomFeed(input({ cases: [], filters: [] })));
    expect(empty.feed.entry).toBeUndefined();
    expect(empty.feed.updated).toBe('2026-11-22T00:00:00Z');
    expect(empty.feed.title).toBe('Test <Operator> & Co: case changes');
    expect(parser.parse(buildAtomFeed(input({ cases: [], archiveUpdated: null }))).feed.updated).toBe('1970-01-01T00:00:00Z');
  });
});

describe('xmlSafeText', () => {
  it('replaces what XML 1.0 forbids and keeps everything it allows', () => {
    expect(xmlSafeText('a\u0000b\u0001c\u000Bd\uFFFEe\uFFFFf\uD800g')).toBe('a\uFFFDb\uFFFDc\uFFFDd\uFFFDe\uFFFDf\uFFFDg');
    expect(xmlSafeText('tab\tline\nreturn\r 中文 😀 \uE000')).toBe('tab\tline\nreturn\r 中文 😀 \uE000');
  });

  it('keeps the feed well-formed whatever the filters and records hold', () => {
    const [first] = input().cases;
    const hostile = { ...first, title: { en: 'bad\u0000title', zh: '坏\uFFFE标题' }, summary: { en: '\u0008', zh: '\uDC00' } };
    const xml = buildAtomFeed(input({ filters: ['q=a\u0000b', 'q=\u000B'], selfUrl: 'https://api.test/?\u0001', cases: [hostile] }));
    expect(XMLValidator.validate(xml)).toBe(true);
    const forbidden = [...xml].filter((c) => {
      const code = c.codePointAt(0)!;
      return (code < 0x20 && ![0x09, 0x0a, 0x0d].includes(code)) || code === 0xfffe || code === 0xffff;
    });
    expect(forbidden).toEqual([]);
    expect(xml).toContain('q=a\uFFFDb');
  });
});
