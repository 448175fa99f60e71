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
  const sources: Buffer[] = [];
  const matchedQueries: (string[] | undefined)[] = [];
  let lastSortAt = 0;
  let lastSortEnd = 0;
  let at = hitsAt + HITS_ARRAY.length;
  for (;;) {
    const source = readDocument(body, at);
    if (!source) return undefined;
    const { doc, sortAt } = source;
    // Sort values are numbers (score, date, shard tiebreaker) and the id slug: no brackets inside.
    const sortStart = sortAt + SORT_MEMBER.length - 1;
    const sortEnd = body.indexOf(CLOSE_BRACKET, sortStart) + 1;
    if (sortEnd <= 0) return undefined;
    // The id is the one string among the sort values; a slug needs no escapes.
    const idEnd = body.lastIndexOf(QUOTE, sortEnd);
    const idStart = body.lastIndexOf(QUOTE, idEnd - 1) + 1;
    if (idStart <= sortStart) return undefined;
    if (!doc.includes(`"id":"${body.toString('utf8', idStart, idEnd)}"`)) return undefined;
    let hitEnd = sortEnd;
    let matched: string[] | undefined;
    if (startsWithAt(body, MATCHED_MEMBER, sortEnd)) {
      const namesStart = sortEnd + MATCHED_MEMBER.length - 1;
      hitEnd = body.indexOf(HIT_END, namesStart) + 1;
      matched = hitEnd > 0 ? parseNames(body.toString('utf8', namesStart, hitEnd)) : undefined;
      if (!matched) return undefined;
    }
    if (body[hitEnd] !== CLOSE_BRACE) return undefined;
    sources.push(doc);
    matchedQueries.push(matched);
    lastSortAt = sortStart;
    lastSortEnd = sortEnd;
    at = hitEnd + 1;
    if (body[at] === COMMA) {
      at += 1;
      continue;
    }
    if (body[at] !== CLOSE_BRACKET) return undefined;
    const lastSort = parseSort(body.toString('utf8', lastSortAt, lastSortEnd));
    // Everything but the hits array is small: total, pit_id and aggregations come from parsing that alone.
    const meta = readMeta(`${body.toString('utf8', 0, hitsAt)}"hits":[]${body.toString('utf8', at + 1)}`);
    return meta && lastSort && { ...meta, sources, lastSort, ...(matchedQueries.some(Boolean) ? { matchedQueries } : {}) };
  }
}

/** The document of the hit that starts at `at` (its `_source`, or its listing decoded), and where its sort values start. */
function readDocument(body: Buffer, at: number): { doc: Buffer; sortAt: number } | undefined {
  if (startsWithAt(body, HIT_START, at)) {
    const docStart = at + HIT_START.length;
    const sortAt = body.indexOf(SORT_MEMBER, docStart);
    return sortAt < 0 ? undefined : { doc: body.subarray(docStart, sortAt), sortAt };
  }
  if (!startsWithAt(body, LISTING_START, at)) return undefined;
  const base64Start = at + LISTING_START.length;
  const base64End = body.indexOf(QUOTE, base64Start);
  const sortAt = base64End + LISTING_END.length;
  if (base64End < 0 || !startsWithAt(body, LISTING_END, base64End) || !startsWithAt(body, SORT_MEMBER, sortAt)) return undefined;
  return { doc: Buffer.from(body.toString('ascii', base64Start, base64End), 'base64'), sortAt };
}

/**
 * Concatenates JSON texts with a separator between them, as one buffer: from `allocate` when given
 * (the api's response cache hands out room in its slab), written in place rather than through
 * Buffer.concat's list of pieces.
 */
export function joinJson(
  parts: Buffer[],
  separator: string,
  prefix = '',
  suffix = '',
  allocate: (length: number) => Buffer = Buffer.allocUnsafe,
): Buffer {
  const glue = Buffer.from(separator);
  let length = Buffer.byteLength(prefix) + Buffer.byteLength(suffix) + glue.length * Math.max(0, parts.length - 1);
  for (const part of parts) length += part.length;
  const out = allocate(length);
  let at = out.write(prefix);
  parts.forEach((part, i) => {
    if (i > 0) at += glue.copy(out, at);
    at += part.copy(out, at);
  });
  out.write(suffix, at);
  return out;
}

function startsWithAt(body: Buffer, marker: Buffer, at: number): boolean {
  return at + marker.length <= body.length && body.compare(marker, 0, marker.length, at, at + marker.length) === 0;
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
