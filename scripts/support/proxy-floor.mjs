// The benchmark's floor for an uncached request: a pass-through proxy in its own process that
// sends each mapped URL's search to Elasticsearch and pipes the answer back untouched, with no
// parsing, validation, caching or logging. No api that reads Elasticsearch's answer and writes
// its own can beat it on the same machine; the bench prints it beside the api's ratio.
//   node scripts/support/proxy-floor.mjs <port> <routes.json>   (routes: {"<path?query>": {url, body}})
import http from 'node:http';
import { readFileSync } from 'node:fs';

const [port, routesPath] = process.argv.slice(2);
const routes = JSON.parse(readFileSync(routesPath, 'utf8'));
const agent = new http.Agent({ keepAlive: true });

http
  .createServer((request, response) => {
    const route = routes[request.url];
    if (!route) return response.writeHead(404).end();
    const upstream = http.request(route.url, { method: 'POST', agent, headers: { 'content-type': 'application/json' } }, (answer) => {
      response.writeHead(answer.statusCode, { 'content-type': answer.headers['content-type'] });
      answer.pipe(response);
    });
    upstream.on('error', () => response.writeHead(502).end());
    upstream.end(route.body);
  })
  .listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
