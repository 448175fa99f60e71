import { XMLBuilder } from 'fast-xml-parser';
import type { CaseSummary, LocalizedText } from '@app/cases';
import { ATOM_MEDIA_TYPE } from '../response/content-types';

const ATOM_NS = 'http://www.w3.org/2005/Atom';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';
/** BCP 47 tags for the archive's two languages: the Chinese is Simplified. */
const LANG = { en: 'en', zh: 'zh-Hans' } as const;
/** A feed needs an `updated` even when the archive is empty; the epoch says "never". */
const NEVER = '1970-01-01T00:00:00Z';

export interface AtomFeedInput {
  /** The feed's own absolute URL, query included: its id and rel="self" link. */
  selfUrl: string;
  /** The same query on the JSON list: rel="alternate". */
  listUrl: string;
  /** Absolute base for case links, without a trailing slash. */
  baseUrl: string;
  operatorName: string;
  operatorSite: string;
  license: string;
  /** The filters in force, e.g. `tranche=PURSUE-7`, named in the title. */
  filters: string[];
  /** Newest updatedAt in the archive: the feed's `updated` when no entry is newer (or none matched). */
  archiveUpdated: string | null;
  cases: CaseSummary[];
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  suppressEmptyNode: true,
});

/**
 * Everything XML 1.0's Char production excludes (C0 controls but tab and newlines, lone
 * surrogates, U+FFFE, U+FFFF): no escape can put these in a well-formed document.
 */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** `text` with every character XML 1.0 forbids replaced by U+FFFD, the usual mark of an unreadable one. */
export function xmlSafeText(text: string): string {
  return text.replace(NOT_XML_CHAR, '\uFFFD');
}

/** Every text and attribute value in a builder tree, made XML-safe: whatever the archive or a query holds. */
function xmlSafeTree<T>(node: T): T {
  if (typeof node === 'string') return xmlSafeText(node) as T;
  if (Array.isArray(node)) return node.map(xmlSafeTree) as T;
  if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, xmlSafeTree(value)])) as T;
  return node;
}

/** A calendar day as an RFC 3339 date-time (Atom requires one): midnight UTC. */
export function atomDate(day: string): string {
  return `${day}T00:00:00Z`;
}

/**
 * An RFC 4287 feed of case changes: one entry per case, `updated` = its updatedAt, `published` =
 * its addedAt, linking to the case's JSON. Atom allows one title and one summary per entry, so
 * both languages go into each as XHTML with `xml:lang` on each part.
 */
export function buildAtomFeed(input: AtomFeedInput): string {
  const newestEntry = input.cases
    .map((c) => c.updatedAt)
    .sort()
    .at(-1);
  const updated = [newestEntry, input.archiveUpdated]
    .filter((d): d is string => Boolean(d))
    .sort()
    .at(-1);
  const suffix = input.filters.length ? ` (${input.filters.join(', ')})` : '';
  return builder.build(
    xmlSafeTree({
      '?xml': { '@_version': '1.0', '@_encoding': 'utf-8' },
      feed: {
        '@_xmlns': ATOM_NS,
        '@_xml:lang': LANG.en,
        id: input.selfUrl,
        title: `${input.operatorName}: case changes${suffix}`,
        subtitle: 'New and revised UAP case records, newest change first / 新收入和修订的不明异常现象案例，按最近更改排序',
        updated: updated ? atomDate(updated) : NEVER,
        author: { name: input.operatorName, uri: input.operatorSite },
        rights: input.license,
        link: [
          { '@_rel': 'self', '@_type': ATOM_MEDIA_TYPE, '@_href': input.selfUrl },
          { '@_rel': 'alternate', '@_type': 'application/json', '@_href': input.listUrl },
        ],
        entry: input.cases.map((c) => entry(c, input.baseUrl)),
      },
    }),
  );
}

function entry(c: CaseSummary, baseUrl: string) {
  const url = `${baseUrl}/api/cases/${encodeURIComponent(c.id)}`;
  return {
    id: url,
    title: xhtml({ span: [{ '#text': c.title.en, '@_xml:lang': LANG.en }, { '#text': ' / ' }, { '#text': c.title.zh, '@_xml:lang': LANG.zh }] }),
    updated: atomDate(c.updatedAt),
    published: atomDate(c.addedAt),
    link: { '@_rel': 'alternate', '@_type': 'application/json', '@_href': url },
    category: [
      { '@_term': c.type, '@_label': `type: ${c.type}` },
      { '@_term': c.tranche, '@_label': `tranche: ${c.tranche}` },
    ],
    summary: xhtml({ p: paragraphs(c.summary) }),
  };
}

function paragraphs(text: LocalizedText) {
  return [
    { '#text': text.en, '@_xml:lang': LANG.en },
    { '#text': text.zh, '@_xml:lang': LANG.zh },
  ];
}

function xhtml(children: object) {
  return { '@_type': 'xhtml', div: { '@_xmlns': XHTML_NS, ...children } };
}
