/** The media types the api answers with, each named once: the replies, the OpenAPI document and compression read these. */
export const JSON_MEDIA_TYPE = 'application/json';
export const NDJSON_MEDIA_TYPE = 'application/x-ndjson';
export const ATOM_MEDIA_TYPE = 'application/atom+xml';
/** The citation formats' media types (GET .../cite): BibTeX, CSL-JSON and RIS, as reference managers register them. */
export const BIBTEX_MEDIA_TYPE = 'application/x-bibtex';
export const CSL_JSON_MEDIA_TYPE = 'application/vnd.citationstyles.csl+json';
export const RIS_MEDIA_TYPE = 'application/x-research-info-systems';

/** A media type as a Content-Type field: every text the api sends is UTF-8. */
const utf8 = (mediaType: string) => `${mediaType}; charset=utf-8`;

export const JSON_CONTENT_TYPE = utf8(JSON_MEDIA_TYPE);
export const NDJSON_CONTENT_TYPE = utf8(NDJSON_MEDIA_TYPE);
export const ATOM_CONTENT_TYPE = utf8(ATOM_MEDIA_TYPE);
export const BIBTEX_CONTENT_TYPE = utf8(BIBTEX_MEDIA_TYPE);
export const CSL_JSON_CONTENT_TYPE = utf8(CSL_JSON_MEDIA_TYPE);
export const RIS_CONTENT_TYPE = utf8(RIS_MEDIA_TYPE);

/** The Content-Types @fastify/compress compresses: the api's JSON, the export's NDJSON and the Atom feed (which its default list does not name). */
export const COMPRESSIBLE_CONTENT_TYPES = new RegExp(
  `^(?:${[JSON_MEDIA_TYPE, NDJSON_MEDIA_TYPE, ATOM_MEDIA_TYPE].map((type) => type.replace(/[.*+?^$()|[\]\\/]/g, '\\$&')).join('|')})(?:;|$)`,
);
