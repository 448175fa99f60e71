/** A hit's sort values (`_score`?, `date`, `id`, and a point in time's tiebreaker), as search_after takes them. */
export type SortValues = (string | number)[];

import { LISTING_FIELD } from './case-index.definition';

/** A search response's hits with each `_source` (or listing) as the JSON bytes of the document. */
export interface RawHits {
  /** `hits.total.value`, when the request tracked it. */
  total?: number;
  /** The point in time to continue with, when the request used one. */
  pitId?: string;
  /** The response's aggregations, parsed, when the request asked for some. */
  aggregations?: Record<string, unknown>;
  /** Each hit's `_source`, verbatim (views into the response, not copies), or its listing, decoded. */
  sources: Buffer[];
  /** The last hit's sort values, for search_after. */
  lastSort?: SortValues;
  /** Each hit's named queries that matched it (`matched_queries`), when any did. */
  matchedQueries?: (string[] | undefined)[];
  /** The response's `suggest` section, when it has one. */
  suggest?: unknown;
}

const HITS_ARRAY = Buffer.from('"hits":[');
const HIT_START = Buffer.from('{"_source":');
const LISTING_START = Buffer.from(`{"fields":{"${LISTING_FIELD}":["`);
const LISTING_END = Buffer.from('"]}');
const SORT_MEMBER = Buffer.from(',"sort":[');
const MATCHED_MEMBER = Buffer.from(',"matched_queries":[');
const HIT_END = Buffer.from(']}');
const COMMA = 0x2c;
const QUOTE = 0x22;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;

/**
 * Reads the hits of a response filtered (filter_path) to `_source` and `sort` per hit, without
 * decoding or parsing the documents: the api passes each `_source` on as the bytes it came as,
 * instead of parsing it only to serialize it again, which was most of its CPU on a list page or
 * an export. (The markers are ASCII, and no byte of a multi-byte UTF-8 character is ASCII, so
 * searching bytes finds exactly what searching text would.)
 *
 * Only for requests without highlights (a highlight would sit between `_source` and `sort`);
 * the list asks for them only on request, and then parses its response whole. Each hit is then
 * exactly `{"_source":DOC,"sort":[...]}`, or with a keyword `{"_source":DOC,"sort":[...],"matched_queries":[...]}`
 * (the names are the request's own, without brackets). A list reads each summary from its
 * listing instead (doc values, see LISTING_FIELD): the hit then starts `{"fields":{"listing":["BASE64"]}`,
 * which is decoded to DOC (base64 has no quote, so the first quote ends it). The text `,"sort":[` cannot occur
 * inside a JSON string (its quotes would be escaped), and no case field is named `sort`, so its
 * first occurrence after DOC starts ends DOC. Every hit is also checked: its sort values must hold
 * the case id (their one string; a point in time adds a number after it), and DOC must carry that
 * id. Answers undefined for any other shape, and the caller then parses the response whole.
 */
export function readRawHits(body: Buffer): RawHits | undefined {
  const hitsAt = body.indexOf(HITS_ARRAY);
  // filter_path leaves out `hits.hits` when there are none: the response is small, parse it.
  if (hitsAt < 0) {
    const meta = readMeta(body.toString('utf8'));
    return meta && { ...meta, sources: [] };
  }
  const spans: HitSpan[] = [];
  const matchedQueries: (string[] | undefined)[] = [];
  let at = hitsAt + HITS_ARRAY.length;
  for (;;) {
    const document = findDocument(body, at);
    if (!document) return undefined;
    // Sort values are numbers (score, date, shard tiebreaker) and the id slug: no brackets inside.
    const sortStart = document.sortAt + SORT_MEMBER.length - 1;
    const sortEnd = body.indexOf(CLOSE_BRACKET, sortStart) + 1;
    if (sortEnd <= 0) return undefined;
    // The id is the one string among the sort values; a slug needs no escapes.
    const idEnd = body.lastIndexOf(QUOTE, sortEnd);
    const idStart = body.lastIndexOf(QUOTE, idEnd - 1) + 1;
    if (idStart <= sortStart) return undefined;
    let hitEnd = sortEnd;
    let matched: string[] | undefined;
    if (startsWithAt(body, MATCHED_MEMBER, sortEnd)) {
      const namesStart = sortEnd + MATCHED_MEMBER.length - 1;
      hitEnd = body.indexOf(HIT_END, namesStart) + 1;
      matched = hitEnd > 0 ? parseNames(body.toString('utf8', namesStart, hitEnd)) : undefined;
      if (!matched) return undefined;
    }
    if (body[hitEnd] !== CLOSE_BRACE) return undefined;
    // Named one by one: spreading `document` here made every span a slow object and the whole read several times slower.
    const { docStart, docEnd, base64 } = document;
    spans.push({ docStart, docEnd, base64, sortStart, sortEnd, idStart, idEnd });
    matchedQueries.push(matched);
    at = hitEnd + 1;
    if (body[at] === COMMA) {
      at += 1;
      continue;
    }
    if (body[at] !== CLOSE_BRACKET) return undefined;
    const sources = documentsOf(body, spans);
    if (!sources) return undefined;
    const last = spans[spans.length - 1];
    const lastSort = parseSort(body.toString('utf8', last.sortStart, last.sortEnd));
    // Everything but the hits array is small: total, pit_id and aggregations come from parsing that alone.
    const meta = readMeta(`${body.toString('utf8', 0, hitsAt)}"hits":[]${body.toString('utf8', at + 1)}`);
    return meta && lastSort && { ...meta, sources, lastSort, ...(matchedQueries.some(Boolean) ? { matchedQueries } : {}) };
  }
}

/** Where a hit's document lies in the response: the `_source` JSON, or the listing's base64 text (first and past-the-end byte). */
interface DocumentSpan {
  docStart: number;
  docEnd: number;
  base64: boolean;
}

/** Where one hit's parts lie in the response: its document, its sort values and the id among them. */
interface HitSpan extends DocumentSpan {
  sortStart: number;
  sortEnd: number;
  idStart: number;
  idEnd: number;
}

/** The document of the hit that starts at `at` (its `_source`, or its listing's base64), and where its sort values start. */
function findDocument(body: Buffer, at: number): (DocumentSpan & { sortAt: number }) | undefined {
  if (startsWithAt(body, HIT_START, at)) {
    const docStart = at + HIT_START.length;
    const sortAt = body.indexOf(SORT_MEMBER, docStart);
    return sortAt < 0 ? undefined : { docStart, docEnd: sortAt, base64: false, sortAt };
  }
  if (!startsWithAt(body, LISTING_START, at)) return undefined;
  const docStart = at + LISTING_START.length;
  const docEnd = body.indexOf(QUOTE, docStart);
  const sortAt = docEnd + LISTING_END.length;
  if (docEnd < 0 || !startsWithAt(body, LISTING_END, docEnd) || !startsWithAt(body, SORT_MEMBER, sortAt)) return undefined;
  return { docStart, docEnd, base64: true, sortAt };
}

/**
 * Each hit's document: a `_source` as a view into the response, a listing decoded. All of a
 * page's listings are decoded into one buffer, each straight into its place, rather than each
 * into a buffer of its own (a third of a list page's reading time went to those). Undefined when
 * a document does not carry the id its hit is sorted by.
 */
function documentsOf(body: Buffer, spans: HitSpan[]): Buffer[] | undefined {
  let room = 0;
  for (const span of spans) if (span.base64) room += Math.floor(((span.docEnd - span.docStart) * 3) / 4);
  const decoded = room > 0 ? Buffer.allocUnsafe(room) : undefined;
  let used = 0;
  const docs: Buffer[] = [];
  for (const span of spans) {
    let doc: Buffer;
    if (decoded && span.base64) {
      const length = decoded.write(body.toString('latin1', span.docStart, span.docEnd), used, 'base64');
      doc = decoded.subarray(used, used + length);
      used += length;
    } else {
      doc = body.subarray(span.docStart, span.docEnd);
    }
    if (!carriesId(doc, body, span.idStart, span.idEnd)) return undefined;
    docs.push(doc);
  }
  return docs;
}

const ID_MEMBER = Buffer.from('{"id":"');

/**
 * Whether the document names the case whose id lies at body[idStart, idEnd). Listings and records
 * start with their id, which is compared in place; any other document is searched for it.
 */
function carriesId(doc: Buffer, body: Buffer, idStart: number, idEnd: number): boolean {
  const length = idEnd - idStart;
  if (startsWithAt(doc, ID_MEMBER, 0) && doc[ID_MEMBER.length + length] === QUOTE) {
    let same = true;
    for (let i = 0; i < length && same; i += 1) same = doc[ID_MEMBER.length + i] === body[idStart + i];
    if (same) return true;
  }
  return doc.includes(`"id":"${body.toString('utf8', idStart, idEnd)}"`);
}

/** Byte by byte: the markers are a few dozen bytes, shorter than what a call to Buffer.compare costs to set up. */
function startsWithAt(body: Buffer, marker: Buffer, at: number): boolean {
  if (at < 0 || at + marker.length > body.length) return false;
  for (let i = 0; i < marker.length; i += 1) if (body[at + i] !== marker[i]) return false;
  return true;
}

function parseSort(json: string): SortValues | undefined {
  try {
    const values: unknown = JSON.parse(json);
    return Array.isArray(values) ? (values as SortValues) : undefined;
  } catch {
    return undefined;
  }
}

function parseNames(json: string): string[] | undefined {
  try {
    const names: unknown = JSON.parse(json);
    return Array.isArray(names) && names.every((name) => typeof name === 'string') ? names : undefined;
  } catch {
    return undefined;
  }
}

function readMeta(json: string): Omit<RawHits, 'sources' | 'lastSort' | 'matchedQueries'> | undefined {
  let body: { pit_id?: unknown; hits?: { total?: { value?: unknown } }; aggregations?: unknown; suggest?: unknown };
  try {
    body = JSON.parse(json) as typeof body;
  } catch {
    return undefined;
  }
  const total = body.hits?.total?.value;
  return {
    ...(typeof total === 'number' ? { total } : {}),
    ...(typeof body.pit_id === 'string' ? { pitId: body.pit_id } : {}),
    ...(typeof body.aggregations === 'object' && body.aggregations !== null ? { aggregations: body.aggregations as Record<string, unknown> } : {}),
    ...(body.suggest !== undefined ? { suggest: body.suggest } : {}),
  };
}
