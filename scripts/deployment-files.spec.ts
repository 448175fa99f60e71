import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');
const compose = ['docker-compose', 'docker compose'].find((command) => {
  const [file, ...args] = command.split(' ');
  return spawnSync(file, [...args, 'version'], { encoding: 'utf8' }).status === 0;
});

/** The compose files the README tells operators to run (the Elasticsearch version they pin: elasticsearch-version.spec.ts); `config` parses and validates them without a Docker engine. */
describe.each(['docker-compose.yml', 'docker-compose.cluster.yml'])('%s', (file) => {
  (compose ? it : it.skip)(`is accepted by \`${compose ?? 'docker-compose'} config\``, () => {
    const [command, ...args] = (compose as string).split(' ');
    const result = spawnSync(command, [...args, '-f', file, 'config', '-q'], { cwd: ROOT, encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});

describe('docker-compose.yml services', () => {
  (compose ? it : it.skip)('run the MCP server beside the api, from the same image, with its own healthcheck', () => {
    const [command, ...args] = (compose as string).split(' ');
    const services = spawnSync(command, [...args, '-f', 'docker-compose.yml', 'config', '--services'], { cwd: ROOT, encoding: 'utf8' });
    expect(services.stdout.split('\n').filter(Boolean).sort()).toEqual(['api', 'documents-ingest', 'elasticsearch', 'ingest', 'mcp', 'valkey']);
    const config = spawnSync(command, [...args, '-f', 'docker-compose.yml', 'config'], { cwd: ROOT, encoding: 'utf8' }).stdout;
    const mcp = config.slice(config.indexOf('\n  mcp:\n'), config.indexOf('\n  valkey:\n'));
    expect(mcp).toMatch(/dist\/apps\/mcp\/main\.js/);
    expect(mcp).toMatch(/API_BASE_URL: http:\/\/api:3000/);
    expect(mcp).toMatch(/127\.0\.0\.1:3001\/health/);
    expect(mcp).toMatch(/image: uap-case-archive:local/);
  });

  (compose ? it : it.skip)('index the government documents from DOCUMENTS_DIR, read-only, before the api starts', () => {
    const [command, ...args] = (compose as string).split(' ');
    const config = spawnSync(command, [...args, '-f', 'docker-compose.yml', 'config'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, DOCUMENTS_DIR: '/srv/corpus' },
    }).stdout;
    const documents = config.slice(config.indexOf('\n  documents-ingest:\n'), config.indexOf('\n  elasticsearch:\n'));
    expect(documents).toMatch(/dist\/apps\/ingest\/main\.js\s+documents --if-changed/);
    expect(documents).toMatch(/\/srv\/corpus:\/corpus:ro/);
    const api = config.slice(config.indexOf('\n  api:\n'), config.indexOf('\n  documents-ingest:\n'));
    expect(api).toMatch(/documents-ingest:\s+condition: service_completed_successfully/);
  });
});
