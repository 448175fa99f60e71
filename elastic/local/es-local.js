#!/usr/bin/env node
// A real Elasticsearch on loopback, for machines without Docker: one node, or a small cluster.
//
//   node elastic/local/es-local.js start|stop|status [--name dev] [--port 9200] [--transport-port P] [--nodes N] [--fresh]
//
// One node by default. `--nodes 3` starts a cluster of three nodes named <name>-1..3, on http
// ports port..port+2 and transport ports transport-port..transport-port+2 (default port+100),
// with their own cluster name; `stop` and `status` then act on the whole cluster.
// The transport port is always set: left to itself a node would take the first free port from
// 9300-9399, and could take one another local service (or another node's cluster) expects.
//
// The distribution comes from Maven Central (see pom.xml beside this file) and is built on first
// use; each named node keeps its config, data, logs and pid under elastic/local/run/<node>/
// (git-ignored). Elasticsearch refuses to run as root, so when we are root the node runs as a
// dedicated unprivileged user that this script creates. When that user cannot read the project
// (a 0700 temporary clone, /root), `start` stages the build in /var/tmp/uap-case-archive-es-<hash
// of the project path>, one per clone; `stop --fresh` deletes a node's data and, once none of the
// clone's nodes runs, that staged copy.
'use strict';

const { spawn, spawnSync, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');

const HERE = __dirname;
const VERSION = /<elasticsearch\.version>([^<]+)</.exec(fs.readFileSync(path.join(HERE, 'pom.xml'), 'utf8'))[1];
const BUILT_HOME = path.join(HERE, 'target', 'dist', `elasticsearch-${VERSION}`);
const RUN_USER = 'uap-es';
const HEAP = process.env.ES_LOCAL_HEAP || '1g';
const STARTUP_TIMEOUT_MS = 180_000;
// Shared by every clone on the machine, hence one folder per clone inside it (see stagingFolder).
const STAGING_ROOT = process.env.ES_LOCAL_STAGING_ROOT || '/var/tmp';

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
 * The folder a clone's node is staged in when the unprivileged user cannot read the project:
 * named from a hash of the whole project path, so two clones on one machine never share one.
 */
function stagingFolder(projectDir = HERE) {
  const id = crypto.createHash('sha256').update(projectDir).digest('hex').slice(0, 16);
  return path.join(STAGING_ROOT, `uap-case-archive-es-${id}`);
}

/** Is the node run from a staged copy (we are root, and the run user cannot read the project)? */
function runsStaged() {
  if (!isRoot()) return false;
  ensureRunUser();
  // Asked of a file that exists before any build, so `status` on a fresh clone decides the same way.
  return !userCanRead(path.join(HERE, 'pom.xml'));
}

/**
 * Where an instance lives. Normally under elastic/local/run/; if the project sits somewhere the
 * unprivileged user cannot reach (e.g. under /root or a 0700 temporary folder), in this clone's
 * staging folder instead. Only paths: nothing is read, built or copied here, so `status` and
 * `stop` never touch build output.
 */
function instancePaths(name) {
  const staged = runsStaged();
  const home = staged ? path.join(stagingFolder(), `elasticsearch-${VERSION}`) : BUILT_HOME;
  const base = staged ? path.join(stagingFolder(), 'run', name) : path.join(HERE, 'run', name);
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

/** Copies the built distribution into the staging folder, once per build (a rebuilt plugin is staged again). Only `start` calls it, after ensureBuilt(). */
function stageBuild() {
  if (!runsStaged()) return;
  const outside = stagingFolder();
  const home = path.join(outside, `elasticsearch-${VERSION}`);
  const descriptor = (root) => path.join(root, 'plugins', 'uap-analysis', 'plugin-descriptor.properties');
  const read = (file) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null);
  if (read(descriptor(home)) !== null && read(descriptor(home)) === read(descriptor(BUILT_HOME))) return;
  log(`the project is not readable by ${RUN_USER}; staging the node under ${outside}`);
  fs.mkdirSync(outside, { recursive: true, mode: 0o755 });
  fs.rmSync(home, { recursive: true, force: true });
  fs.cpSync(BUILT_HOME, home, { recursive: true });
}

/** After `stop --fresh`: the staged copy goes too, once no node of this clone runs from it. */
function reclaimStagingFolder() {
  if (!runsStaged()) return;
  const outside = stagingFolder();
  const runDir = path.join(outside, 'run');
  const names = fs.existsSync(runDir) ? fs.readdirSync(runDir) : [];
  if (!fs.existsSync(outside) || names.some((name) => readPid(instancePaths(name)))) return;
  fs.rmSync(outside, { recursive: true, force: true });
  log(`removed the staging folder ${outside}`);
}

/** Cluster health as one node sees it; with `nodes`, null until that many nodes have joined. */
async function health(port, nodes = 1) {
  try {
    const query = nodes > 1 ? `?wait_for_nodes=${nodes}&timeout=1s` : '';
    const response = await fetch(`http://127.0.0.1:${port}/_cluster/health${query}`, { signal: AbortSignal.timeout(3000) });
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

/** Where `start --nodes N` records its nodes, so `stop` and `status` find them by the cluster's name. */
const clusterFile = (name) => path.join(HERE, 'run', `${name}.cluster.json`);

function readCluster(name) {
  try {
    return JSON.parse(fs.readFileSync(clusterFile(name), 'utf8'));
  } catch {
    return null;
  }
}

/** The nodes a start request stands for: one, or `nodes` of them on consecutive ports. */
function plan({ name = 'dev', port = 9200, transportPort, nodes = 1 }) {
  const firstTransport = transportPort ?? port + 100;
  if (nodes === 1) return [{ name, port, transportPort: firstTransport }];
  return Array.from({ length: nodes }, (_, i) => ({ name: `${name}-${i + 1}`, port: port + i, transportPort: firstTransport + i }));
}

/** Starts one node as a daemon; resolves when the launcher has handed it off (not when it is healthy). */
function launch(node, clusterName, discovery, heap) {
  const paths = instancePaths(node.name);
  fs.mkdirSync(paths.data, { recursive: true });
  fs.mkdirSync(paths.logs, { recursive: true });
  if (!fs.existsSync(paths.config)) fs.cpSync(path.join(paths.home, 'config'), paths.config, { recursive: true });
  fs.rmSync(paths.pidFile, { force: true });
  fs.writeFileSync(paths.portFile, String(node.port));
  if (isRoot()) run('chown', ['-R', `${RUN_USER}:`, paths.base, paths.home]);

  const settings = {
    'cluster.name': clusterName,
    'node.name': `uap-local-${node.name}`,
    ...discovery,
    'network.host': '127.0.0.1',
    'http.port': String(node.port),
    'transport.port': String(node.transportPort),
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
    ES_JAVA_OPTS: `-Xms${heap} -Xmx${heap}`,
  };
  delete env.JAVA_HOME;
  log(`starting node ${node.name} on http://127.0.0.1:${node.port} (transport ${node.transportPort}, heap ${heap}, data in ${paths.data})`);
  const command = path.join(paths.home, 'bin', 'elasticsearch');
  const [file, argv] = isRoot() ? ['runuser', ['-u', RUN_USER, '--', command, ...args]] : [command, args];
  // Asynchronous: with -d the launcher returns once its node has started, and a cluster node
  // only finishes starting when the others are there to form the cluster with it.
  return new Promise((resolve, reject) => {
    const child = spawn(file, argv, { env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('error', (error) => reject(new Error(`${file} could not start: ${error.message}`)));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`node ${node.name} exited with ${code}; see ${paths.logs}`))));
  });
}

/**
 * Starts the named node (or, with `nodes` > 1, a cluster of that many) or finds it running,
 * and resolves to its URL: for a cluster, every node's URL separated by commas, as
 * ELASTICSEARCH_URL takes it.
 */
async function start({ name = 'dev', port = 9200, transportPort, nodes = 1, fresh = false, heap = HEAP } = {}) {
  ensureBuilt();
  stageBuild();
  const members = plan({ name, port, transportPort, nodes });
  const url = members.map((node) => `http://127.0.0.1:${node.port}`).join(',');

  const running = members.filter((node) => readPid(instancePaths(node.name)));
  if (running.length === members.length && (await health(port, members.length))) {
    log(`${name} ${nodes > 1 ? `cluster (${nodes} nodes)` : 'node'} already running at ${url}`);
    return { url, startedNow: false };
  }
  if (running.length > 0) throw new Error(`${name}: only ${running.length} of ${members.length} nodes are running; stop it first`);
  for (const node of members) {
    if (await health(node.port)) throw new Error(`port ${node.port} is taken by another Elasticsearch; stop it or pass --port`);
  }

  if (fresh) for (const node of members) fs.rmSync(instancePaths(node.name).base, { recursive: true, force: true });
  const clusterName = `uap-local-${name}`;
  const discovery =
    nodes === 1
      ? { 'discovery.type': 'single-node' }
      : {
          'discovery.seed_hosts': members.map((node) => `127.0.0.1:${node.transportPort}`).join(','),
          'cluster.initial_master_nodes': members.map((node) => `uap-local-${node.name}`).join(','),
        };
  if (nodes > 1) {
    fs.mkdirSync(path.dirname(clusterFile(name)), { recursive: true });
    fs.writeFileSync(clusterFile(name), JSON.stringify({ name, nodes: members }, null, 2));
  } else {
    fs.rmSync(clusterFile(name), { force: true });
  }
  await Promise.all(members.map((node) => launch(node, clusterName, discovery, heap)));

  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const state = await health(port, members.length);
    if (state && state.status !== 'red') {
      log(`${name} is up (${state.status}, ${state.number_of_nodes} node(s)) at ${url}`);
      return { url, startedNow: true };
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`Elasticsearch did not become healthy within ${STARTUP_TIMEOUT_MS / 1000}s; see ${instancePaths(members[0].name).logs}`);
}

/** The nodes `stop`/`status` act on: a recorded cluster of this name, else the single node. */
function membersOf(name) {
  const cluster = readCluster(name);
  return cluster ? cluster.nodes : [{ name }];
}

async function stopNode(node) {
  const paths = instancePaths(node.name);
  const pid = readPid(paths);
  if (!pid) {
    log(`${node.name} node is not running`);
    return;
  }
  process.kill(pid, 'SIGTERM');
  for (let waited = 0; waited < 60_000; waited += 500) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (!readPid(paths)) {
      log(`${node.name} node stopped`);
      return;
    }
  }
  process.kill(pid, 'SIGKILL');
  log(`${node.name} node killed after 60s`);
}

/** Stops the named node or cluster; with `fresh`, also deletes its data and any staged copy no other node uses. */
async function stop({ name = 'dev', fresh = false } = {}) {
  const members = membersOf(name);
  await Promise.all(members.map(stopNode));
  if (!fresh) return;
  for (const node of members) fs.rmSync(instancePaths(node.name).base, { recursive: true, force: true });
  reclaimStagingFolder();
}

async function nodeStatus(node) {
  const paths = instancePaths(node.name);
  const port = fs.existsSync(paths.portFile) ? Number(fs.readFileSync(paths.portFile, 'utf8')) : null;
  const pid = readPid(paths);
  const state = pid && port ? await health(port) : null;
  return { name: node.name, running: Boolean(pid && state), pid, url: port ? `http://127.0.0.1:${port}` : null, health: state && state.status };
}

/** One node's status, or for a cluster the cluster's with each node's. */
async function status({ name = 'dev' } = {}) {
  const cluster = readCluster(name);
  if (!cluster) return nodeStatus({ name });
  const nodes = await Promise.all(cluster.nodes.map(nodeStatus));
  const live = nodes.filter((node) => node.running);
  return {
    name,
    running: live.length === nodes.length,
    url: nodes.map((node) => node.url).join(','),
    health: live.length ? nodes.find((node) => node.running).health : null,
    nodes,
  };
}

module.exports = { start, stop, status, ensureBuilt, stagingFolder, VERSION };

if (require.main === module) {
  const [command = 'status', ...rest] = process.argv.slice(2);
  const option = (flag, fallback) => {
    const at = rest.indexOf(flag);
    return at >= 0 ? rest[at + 1] : fallback;
  };
  const transportPort = option('--transport-port');
  const options = {
    name: option('--name', 'dev'),
    port: Number(option('--port', '9200')),
    transportPort: transportPort === undefined ? undefined : Number(transportPort),
    nodes: Number(option('--nodes', '1')),
    fresh: rest.includes('--fresh'),
  };
  const actions = {
    start: async () => console.log((await start(options)).url),
    stop: () => stop(options),
    status: async () => console.log(JSON.stringify(await status(options))),
  };
  if (!actions[command] || !Number.isInteger(options.nodes) || options.nodes < 1) {
    console.error('usage: es-local.js start|stop|status [--name dev] [--port 9200] [--transport-port 9300] [--nodes 1] [--fresh]');
    process.exit(2);
  }
  actions[command]().catch((error) => {
    console.error(`[es-local] ${error.message}`);
    process.exit(1);
  });
}
