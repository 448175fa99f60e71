#!/usr/bin/env node
// A real single-node Elasticsearch on loopback, for machines without Docker.
//
//   node elastic/local/es-local.js start|stop|status [--name dev] [--port 9200] [--fresh]
//
// The distribution comes from Maven Central (see pom.xml beside this file) and is built on first
// use; each named instance keeps its config, data, logs and pid under elastic/local/run/<name>/
// (git-ignored). Elasticsearch refuses to run as root, so when we are root the node runs as a
// dedicated unprivileged user that this script creates.
'use strict';

const { spawnSync, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const HERE = __dirname;
const VERSION = /<elasticsearch\.version>([^<]+)</.exec(fs.readFileSync(path.join(HERE, 'pom.xml'), 'utf8'))[1];
const BUILT_HOME = path.join(HERE, 'target', 'dist', `elasticsearch-${VERSION}`);
const RUN_USER = 'uap-es';
const HEAP = process.env.ES_LOCAL_HEAP || '1g';
const STARTUP_TIMEOUT_MS = 180_000;

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;
const log = (message) => process.stderr.write(`[es-local] ${message}\n`);

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) throw new Error(`${command} could not start: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
}

/** Downloads the distribution and builds the analysis plugin, once. */
function ensureBuilt() {
  const plugin = path.join(BUILT_HOME, 'plugins', 'uap-analysis', 'uap-analysis.jar');
  // The plugin's descriptor version is bumped with every change to it, so a stale build is rebuilt.
  const descriptorVersion = (file) => (fs.existsSync(file) ? /^version=(.*)$/m.exec(fs.readFileSync(file, 'utf8'))?.[1] : undefined);
  const pluginIsCurrent =
    descriptorVersion(path.join(HERE, 'analysis-plugin', 'src', 'main', 'plugin-metadata', 'plugin-descriptor.properties')) ===
    descriptorVersion(path.join(BUILT_HOME, 'plugins', 'uap-analysis', 'plugin-descriptor.properties'));
  if (fs.existsSync(path.join(BUILT_HOME, 'bin', 'elasticsearch')) && fs.existsSync(plugin) && pluginIsCurrent) return;
  log(`building Elasticsearch ${VERSION} from Maven Central (first run, or the analysis plugin changed)...`);
  run('mvn', ['-q', '-B', '-f', path.join(HERE, 'pom.xml'), 'package']);
}

function javaHome() {
  if (process.env.ES_JAVA_HOME) return process.env.ES_JAVA_HOME;
  if (process.env.JAVA_HOME) return process.env.JAVA_HOME;
  const java = execFileSync('sh', ['-c', 'readlink -f "$(command -v java)"'], { encoding: 'utf8' }).trim();
  if (!java) throw new Error('no java on PATH: install a JDK 17+ or set ES_JAVA_HOME');
  return path.dirname(path.dirname(java));
}

function ensureRunUser() {
  if (spawnSync('id', ['-u', RUN_USER]).status === 0) return;
  log(`creating system user ${RUN_USER} to run Elasticsearch (it refuses to run as root)`);
  run('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', RUN_USER]);
}

/** Can the unprivileged user read this path (every parent must be traversable)? */
function userCanRead(target) {
  return spawnSync('runuser', ['-u', RUN_USER, '--', 'test', '-r', target]).status === 0;
}

/**
 * Where an instance lives. Normally under elastic/local/run/; if the project sits somewhere the
 * unprivileged user cannot reach (e.g. under /root), under /var/tmp instead.
 */
function instancePaths(name) {
  let home = BUILT_HOME;
  let base = path.join(HERE, 'run', name);
  if (isRoot()) {
    ensureRunUser();
    if (!userCanRead(path.join(BUILT_HOME, 'bin', 'elasticsearch'))) {
      const outside = path.join('/var/tmp', `uap-case-archive-es-${Buffer.from(HERE).toString('hex').slice(-16)}`);
      home = path.join(outside, `elasticsearch-${VERSION}`);
      base = path.join(outside, 'run', name);
      if (!fs.existsSync(path.join(home, 'bin', 'elasticsearch'))) {
        log(`the project is not readable by ${RUN_USER}; staging the node under ${outside}`);
        fs.mkdirSync(outside, { recursive: true, mode: 0o755 });
        fs.cpSync(BUILT_HOME, home, { recursive: true });
      }
    }
  }
  return {
    home,
    base,
    config: path.join(base, 'config'),
    data: path.join(base, 'data'),
    logs: path.join(base, 'logs'),
    pidFile: path.join(base, 'elasticsearch.pid'),
    portFile: path.join(base, 'http.port'),
  };
}

async function health(port) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/_cluster/health`, { signal: AbortSignal.timeout(2000) });
    if (!response.ok) return null;
    return await response.json();
  } catch {
    return null;
  }
}

function readPid(paths) {
  try {
    const pid = Number(fs.readFileSync(paths.pidFile, 'utf8').trim());
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/** Starts the named instance (or finds it running) and resolves to its URL. */
async function start({ name = 'dev', port = 9200, fresh = false } = {}) {
  ensureBuilt();
  const paths = instancePaths(name);
  const url = `http://127.0.0.1:${port}`;

  if (readPid(paths) && (await health(port))) {
    log(`${name} node already running at ${url}`);
    return { url, startedNow: false };
  }
  if (await health(port)) throw new Error(`port ${port} is taken by another Elasticsearch; stop it or pass --port`);

  if (fresh) fs.rmSync(paths.base, { recursive: true, force: true });
  fs.mkdirSync(paths.data, { recursive: true });
  fs.mkdirSync(paths.logs, { recursive: true });
  if (!fs.existsSync(paths.config)) fs.cpSync(path.join(paths.home, 'config'), paths.config, { recursive: true });
  fs.rmSync(paths.pidFile, { force: true });
  if (isRoot()) run('chown', ['-R', `${RUN_USER}:`, paths.base, paths.home]);

  const settings = {
    'cluster.name': `uap-local-${name}`,
    'node.name': `uap-local-${name}`,
    'discovery.type': 'single-node',
    'network.host': '127.0.0.1',
    'http.port': String(port),
    'path.data': paths.data,
    'path.logs': paths.logs,
    'xpack.security.enabled': 'false',
    // Disks here are sometimes nearly full; a dev node should not turn read-only over it.
    'cluster.routing.allocation.disk.threshold_enabled': 'false',
    // Only the ingest CLI creates indices, and always explicitly.
    'action.auto_create_index': 'false',
  };
  const args = ['-d', '-p', paths.pidFile, ...Object.entries(settings).flatMap(([k, v]) => ['-E', `${k}=${v}`])];
  const env = {
    ...process.env,
    ES_JAVA_HOME: javaHome(),
    ES_PATH_CONF: paths.config,
    ES_JAVA_OPTS: `-Xms${HEAP} -Xmx${HEAP}`,
  };
  delete env.JAVA_HOME;
  log(`starting ${name} node on ${url} (heap ${HEAP}, data in ${paths.data})`);
  const command = path.join(paths.home, 'bin', 'elasticsearch');
  if (isRoot()) run('runuser', ['-u', RUN_USER, '--', command, ...args], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  else run(command, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });

  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const state = await health(port);
    if (state && state.status !== 'red') {
      fs.writeFileSync(paths.portFile, String(port));
      log(`${name} node is up (${state.status})`);
      return { url, startedNow: true };
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`Elasticsearch did not become healthy within ${STARTUP_TIMEOUT_MS / 1000}s; see ${paths.logs}`);
}

async function stop({ name = 'dev' } = {}) {
  const paths = instancePaths(name);
  const pid = readPid(paths);
  if (!pid) {
    log(`${name} node is not running`);
    return;
  }
  process.kill(pid, 'SIGTERM');
  for (let waited = 0; waited < 60_000; waited += 500) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (!readPid(paths)) {
      log(`${name} node stopped`);
      return;
    }
  }
  process.kill(pid, 'SIGKILL');
  log(`${name} node killed after 60s`);
}

async function status({ name = 'dev' } = {}) {
  const paths = instancePaths(name);
  const port = fs.existsSync(paths.portFile) ? Number(fs.readFileSync(paths.portFile, 'utf8')) : 9200;
  const pid = readPid(paths);
  const state = pid ? await health(port) : null;
  return { name, running: Boolean(pid && state), pid, url: `http://127.0.0.1:${port}`, health: state && state.status };
}

module.exports = { start, stop, status, VERSION };

if (require.main === module) {
  const [command = 'status', ...rest] = process.argv.slice(2);
  const option = (flag, fallback) => {
    const at = rest.indexOf(flag);
    return at >= 0 ? rest[at + 1] : fallback;
  };
  const options = { name: option('--name', 'dev'), port: Number(option('--port', '9200')), fresh: rest.includes('--fresh') };
  const actions = {
    start: async () => console.log((await start(options)).url),
    stop: () => stop(options),
    status: async () => console.log(JSON.stringify(await status(options))),
  };
  if (!actions[command]) {
    console.error('usage: es-local.js start|stop|status [--name dev] [--port 9200] [--fresh]');
    process.exit(2);
  }
  actions[command]().catch((error) => {
    console.error(`[es-local] ${error.message}`);
    process.exit(1);
  });
}
