// The benchmark's floor for serving bytes: bare Fastify, in its own process like the api, sending
// a body captured from the api with the same headers, and a 304 when If-None-Match matches its
// ETag. Whatever the api spends beyond this is the cost of being the api.
//   node scripts/support/bare-server.mjs <port> <capture.json>   (capture: {headers, body (base64)})
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

// fastify is installed as @nestjs/platform-fastify's engine; the api runs the same copy.
const fastify = createRequire(import.meta.url)('fastify');
const [port, capturePath] = process.argv.slice(2);
const capture = JSON.parse(readFileSync(capturePath, 'utf8'));
const body = Buffer.from(capture.body, 'base64');
const etag = capture.headers.etag;

const app = fastify({ logger: false });
app.get('/*', (request, reply) => {
  reply.headers(capture.headers);
  if (etag && request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.send(body);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.stdout.write('ready\n');
