import { Readable } from 'node:stream';
import type { onSendHookHandler } from 'fastify';

/**
 * Whether an If-None-Match header matches this ETag: `*`, or any listed tag compared weakly
 * (RFC 9110 13.1.2: a `W/` prefix is ignored for If-None-Match).
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  // What a client that stored our ETag sends back: the exact tag, nothing to split.
  if (ifNoneMatch === etag) return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/** What a 304 must not carry: it has no content. */
const CONTENT_HEADERS = ['content-encoding', 'content-length', 'content-type'];

/**
 * The onSend hook that answers 304 Not Modified, with no body, to a GET or HEAD whose
 * If-None-Match matches the response's ETag (see HTTP_PIPELINE for where it runs). A callback
 * hook: every 200 passes here, and an async hook would cost a promise each time.
 */
export const answerNotModified: onSendHookHandler = (request, reply, payload, done) => {
  const etag = reply.getHeader('etag');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch === undefined || reply.statusCode !== 200 || typeof etag !== 'string' || !etagMatches(ifNoneMatch, etag)) {
    done(null, payload);
    return;
  }
  reply.code(304);
  for (const header of CONTENT_HEADERS) if (reply.hasHeader(header)) reply.removeHeader(header);
  // A HEAD goes on to Fastify's own HEAD hook, which cannot take null and, given bytes, would
  // set a Content-Length of them. An empty stream it simply drains: a 304 with no length at all.
  done(null, request.method === 'HEAD' ? Readable.from([]) : null);
};
