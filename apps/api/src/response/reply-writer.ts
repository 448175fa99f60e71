import type { FastifyInstance, onSendHookHandler } from 'fastify';
import { CachedReply } from './cached-reply';
import type { ResponseEnvelope } from './response-envelope';
import { EXPORT_ROUTE } from '../routes/api-routes';
import type { ResponseCache } from './response-cache';

/** Bytes made by the cache go out as they are (Fastify's types ask a serializer for text; onSend takes bytes as well). */
const asTheyAre = ((payload: Buffer) => payload) as unknown as (payload: unknown) => string;

/**
 * Where a handler's result becomes the reply, as Fastify hooks. Fastify runs preSerialization
 * only for an object payload (bytes, text and streams pass by it): a cached endpoint's
 * CachedReply is sent as its stored bytes (ResponseCache.send also teaches the fast path the
 * URL); any other object is already a whole body (the services and the exception filter put
 * theirs in the envelope) and is serialized as it is. A failed compression reaches the exception
 * filter like any error. The export's stream carries its own format, and a link to the license
 * instead of the envelope's notice.
 */
export function writeReplies(fastify: FastifyInstance, envelope: ResponseEnvelope, responses: ResponseCache): void {
  fastify.addHook('preSerialization', (request, reply, payload, done) => {
    if (!(payload instanceof CachedReply)) return done(null, payload);
    const bytes = responses.send(request, reply, payload);
    reply.serializer(asTheyAre);
    if (Buffer.isBuffer(bytes)) return done(null, bytes);
    bytes.then(
      (ready) => done(null, ready),
      (error: Error) => done(error),
    );
  });
  // On the export's route alone (Nest declares its routes later, at init): no other reply pays for it.
  const licenseLink: onSendHookHandler = (_request, reply, payload, done) => {
    reply.header('link', envelope.licenseLink);
    done(null, payload);
  };
  fastify.addHook('onRoute', (route) => {
    if (route.url !== EXPORT_ROUTE) return;
    const hooks = route.onSend;
    route.onSend = Array.isArray(hooks)
      ? [...(hooks as onSendHookHandler[]), licenseLink]
      : hooks
        ? [hooks as onSendHookHandler, licenseLink]
        : [licenseLink];
  });
}
