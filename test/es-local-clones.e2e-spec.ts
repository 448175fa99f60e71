import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Two clones of the project on one machine, each in a 0700 temporary folder that the node's
// unprivileged user cannot enter (as CI makes them with mktemp -d): each must get a staging
// folder of its own, and `status` must work in a clone that has built nothing.
const LOCAL = join(__dirname, '..', 'elastic', 'local');
const NODE = { name: 'clone-a', port: 9416 + Number(process.env.ES_TEST_PORT_OFFSET ?? 0) };
const isRoot = process.getuid?.() === 0;

interface Launcher {
  stagingFolder(): string;
  start(options: { name: string; port: number; fresh?: boolean; heap?: string }): Promise<{ url: string }>;
  stop(options: { name: string; fresh?: boolean }): Promise<void>;
  ensureBuilt(): void;
}

/** A clone of the launcher: its script and pom (as a fresh clone has them), optionally sharing this checkout's build. */
function cloneLauncher(withBuild: boolean): string {
  const root = mkdtempSync(join(tmpdir(), 'uap-clone-'));
  const local = join(root, 'elastic', 'local');
  cpSync(join(LOCAL, 'es-local.js'), join(local, 'es-local.js'));
  cpSync(join(LOCAL, 'pom.xml'), join(local, 'pom.xml'));
  if (withBuild) {
    symlinkSync(join(LOCAL, 'analysis-plugin'), join(local, 'analysis-plugin'));
    symlinkSync(join(LOCAL, 'target'), join(local, 'target'));
  }
  return local;
}

function status(local: string): { running: boolean } {
  const result = spawnSync(process.execPath, [join(local, 'es-local.js'), 'status', '--name', NODE.name], { encoding: 'utf8' });
  expect(result.stderr).not.toMatch(/ENOENT/);
  expect(result.status).toBe(0);
  return JSON.parse(result.stdout);
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const load = (local: string): Launcher => require(join(local, 'es-local.js'));

const clones: string[] = [];
afterAll(async () => {
  for (const local of clones) {
    await load(local)
      .stop({ name: NODE.name, fresh: true })
      .catch(() => undefined);
    rmSync(join(local, '..', '..'), { recursive: true, force: true });
  }
});

it('gives every clone a staging folder of its own, named from its whole path', () => {
  const [a, b] = [cloneLauncher(false), cloneLauncher(false)];
  clones.push(a, b);
  expect(load(a).stagingFolder()).not.toBe(load(b).stagingFolder());
  expect(load(a).stagingFolder()).toMatch(/uap-case-archive-es-[0-9a-f]{16}$/);
});

it('answers status in a clone that has built nothing, while another clone runs a staged node', async () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  (require(join(LOCAL, 'es-local.js')) as Launcher).ensureBuilt();
  const [running, fresh] = [cloneLauncher(true), cloneLauncher(false)];
  clones.push(running, fresh);
  expect(status(fresh).running).toBe(false);
  expect(status(running).running).toBe(false);

  if (!isRoot) {
    // Only root runs the node as another user, so only then is anything staged.
    console.warn('[es-local clones] not root: no node is staged here, so the start/stop half is not exercised');
    return;
  }
  await load(running).start({ ...NODE, fresh: true, heap: '256m' });
  expect(existsSync(load(running).stagingFolder())).toBe(true);
  expect(status(running).running).toBe(true);
  // The other clone neither sees that node nor gets a staging folder of its own from status.
  expect(status(fresh).running).toBe(false);
  expect(existsSync(load(fresh).stagingFolder())).toBe(false);

  await load(running).stop({ name: NODE.name, fresh: true });
  expect(status(running).running).toBe(false);
  expect(existsSync(load(running).stagingFolder())).toBe(false);
});
