// The floor for a cache miss with a new cache key each time: the pass-through proxy of
// proxy-floor.mjs, for requests that differ only in their `dateTo` (a day far past any incident,
// which changes no answer, only the api's cache key). Each route's search is stored once with a
// placeholder day; the proxy puts the request's day in its place and pipes Elasticsearch's bytes
// back untouched, with no parsing, validation, caching or logging.
//   node scripts/support/proxy-distinct.mjs <port> <routes.json>
//   (routes: {"<path?query without dateTo's value>": {url, body, placeholder}}, e.g. "/api/cases?type=military&dateTo=")
import http from 'node:http';
import { readFileSync } from 'node:fs';

const [port, routesPath] = process.argv.slice(2);
const routes = JSON.parse(readFileSync(routesPath, 'utf8'));
const agent = new http.Agent({ keepAlive: true });
const DAY = /^\d{4}-\d{2}-\d{2}$/;

http
  .createServer((request, response) => {
    const at = request.url.lastIndexOf('dateTo=') + 'dateTo='.length;
    const route = routes[request.url.slice(0, at)];
    const day = request.url.slice(at);
    if (!route || !DAY.test(day)) return response.writeHead(404).end();
    const upstream = http.request(route.url, { method: 'POST', agent, headers: { 'content-type': 'application/json' } }, (answer) => {
      response.writeHead(answer.statusCode, { 'content-type': answer.headers['content-type'] });
      answer.pipe(response);
    });
    upstream.on('error', () => response.writeHead(502).end());
    upstream.end(route.body.replace(route.placeholder, day));
  })
  .listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
