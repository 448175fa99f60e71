import type { FastifyInstance } from 'fastify';
import type { ResponseCache } from './response-cache';

/**
 * Answers a repeated request straight from the byte cache, before Nest's routing, validation
 * pipe and handler run: a hit then costs about what Fastify costs to send stored bytes.
 * It is a preHandler, so every onRequest hook (CORS, and any quota or logging hook) has already
 * run, and the onSend hooks (compression skip, 304) still run after it. Nest guards do not run
 * for these hits: anything that must see every request belongs in a Fastify hook. A callback
 * hook, and synchronous when the bytes are at hand: no promise on the path every hit takes.
 */
export function serveCachedHits(fastify: FastifyInstance, responses: ResponseCache): void {
  fastify.addHook('preHandler', (request, reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return done();
    const hit = responses.hitFor(request.url);
    if (!hit) return done();
    const bytes = hit.writeNow(request, reply);
    // Sending from a callback hook without calling done() ends the request here (Fastify's early response).
    if (Buffer.isBuffer(bytes)) reply.send(bytes);
    else bytes.then((ready) => reply.send(ready), done);
  });
}
