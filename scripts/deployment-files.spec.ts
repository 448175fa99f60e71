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
