import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * One policy for every response: the explorer and Swagger UI run only their own scripts and
 * styles and fetch only from the service, and no page of this service may be framed. Images may
 * come from any https address: case records show the government's own thumbnails where they are
 * published. Styles allow 'unsafe-inline' because Swagger UI's page carries a <style> block and
 * both UIs set style attributes from script; scripts never run inline. Checked in Chromium by
 * test/explorer.e2e-spec.ts.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
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

/** Sets the security headers on every routed response, first thing, so every later duty's answer has them. */
export function addSecurityHeaders(_request: FastifyRequest, reply: FastifyReply): undefined {
  reply.headers(SECURITY_HEADERS);
  return undefined;
}
