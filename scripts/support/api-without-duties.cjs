// The benchmark's floor for the api's own serving path: the api built by createApiApp, as in
// production, except that the duties it performs on every request are replaced by no-ops: the
// quota count (quota.plugin), the access-log line and request id, CORS, and the metrics (their
// functions in HTTP_PIPELINE's stages become no-ops; the stages themselves stay).
// What is left is Nest, Fastify, the byte cache, compression and conditional GETs. The bench runs
// it beside the api so that a row says how much of the api's cost those duties are, and with
// KEEP_DUTIES (a comma list of quota, log, cors, metrics) to price each duty on its own.
//   PORT=... HOST=... ELASTICSEARCH_URL=... CASES_ALIAS=... [KEEP_DUTIES=...] node scripts/support/api-without-duties.cjs
const Module = require('node:module');
const { join } = require('node:path');

require('./load-typescript.cjs');

/** Puts `exports` in the module cache under the file `request` resolves to, before anything loads it. */
function replace(request, exports) {
  const filename = require.resolve(request);
  const module = new Module(filename);
  module.filename = filename;
  module.loaded = true;
  module.exports = exports;
  require.cache[filename] = module;
}

/**
 * Makes the named functions of a module no-ops, where its importers read them (TypeScript's CommonJS
 * reads each at its call). A name the module no longer has is an error: a duty renamed or moved would
 * otherwise stay on, and the floor would quietly include it.
 */
function silence(file, names) {
  const exports = require(file);
  for (const name of names) {
    if (typeof exports[name] !== 'function') throw new Error(`${file} has no function ${name} to silence`);
    exports[name] = noop;
  }
}

/** Makes a class's method a no-op on every instance; an error if the class or method is gone (see silence). */
function silenceMethod(file, className, method) {
  const prototype = require(file)[className]?.prototype;
  if (typeof prototype?.[method] !== 'function') throw new Error(`${file} has no ${className}.${method} to silence`);
  prototype[method] = noop;
}

const src = join(__dirname, '..', '..', 'apps', 'api', 'src');
const noop = () => undefined;
const stubs = {
  log: () => {
    silence(join(src, 'logging', 'request-id.ts'), ['echoRequestId']);
    silenceMethod(join(src, 'logging', 'request-log.ts'), 'RequestLog', 'write');
  },
  quota: () => replace(join(src, 'quota', 'quota.plugin.ts'), { registerQuota: async () => undefined }),
  metrics: () => silenceMethod(join(src, 'metrics', 'request-series.ts'), 'RequestSeries', 'recordReply'),
  cors: () => replace('@fastify/cors', { __esModule: true, default: (_instance, _options, done) => done() }),
};
const kept = new Set((process.env.KEEP_DUTIES ?? '').split(',').filter(Boolean));
for (const duty of kept) if (!stubs[duty]) throw new Error(`KEEP_DUTIES: no duty named ${duty} (${Object.keys(stubs).join(', ')})`);
for (const [duty, stub] of Object.entries(stubs)) if (!kept.has(duty)) stub();

const { createApiApp } = require(join(src, 'create-api-app.ts'));

// Without the log duty Nest's lines are not printed; with it, they go to stdout as in production.
createApiApp(kept.has('log') ? {} : { logger: false }).then(
  (app) => app.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1').then(() => process.stdout.write('ready\n')),
  (error) => {
    console.error(error.message);
    process.exit(1);
  },
);
