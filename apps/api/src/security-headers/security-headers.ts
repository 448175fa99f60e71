import type { FastifyInstance } from 'fastify';

/**
 * One policy for every response: the explorer and Swagger UI load only their own scripts, styles,
 * images and data, and no page of this service may be framed. Styles allow 'unsafe-inline'
 * because Swagger UI's page carries a <style> block and both UIs set style attributes from script;
 * scripts never run inline. Checked in Chromium by test/explorer.e2e-spec.ts.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** What every response carries, whoever answers it: routes, static files, and the errors answered before routing. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  // Browsers must take each body as the type it is declared, never guess (a JSON body as HTML, say).
  'x-content-type-options': 'nosniff',
};

/** Sets the security headers on every routed response, first thing, so every later hook's answer has them. */
export function addSecurityHeaders(fastify: FastifyInstance): void {
  // A callback hook: every request passes here, and an async hook would cost a promise each time.
  fastify.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
}
