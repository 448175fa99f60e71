import type { FastifyInstance } from 'fastify';
import type { ResponseCache } from './response-cache';

/**
 * Answers a repeated request straight from the byte cache, before Nest's routing, validation
 * pipe and interceptors run: a hit then costs about what Fastify costs to send stored bytes.
 * It is a preHandler, so every onRequest hook (CORS, and any quota or logging hook) has already
 * run, and the onSend hooks (compression skip, 304) still run after it. Nest guards do not run
 * for these hits: anything that must see every request belongs in a Fastify hook.
 */
export function serveCachedHits(fastify: FastifyInstance, responses: ResponseCache): void {
  fastify.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const hit = responses.hitFor(request.url);
    if (!hit) return;
    const bytes = await hit.writeTo(request, reply);
    return reply.send(bytes);
  });
}
