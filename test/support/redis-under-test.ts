import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

export interface RunningRedis {
  url: string;
  stop(): Promise<void>;
}

async function freeLoopbackPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitForPing(url: string, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`redis-server exited with code ${child.exitCode}`);
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => undefined);
    try {
      await client.connect();
      if ((await client.ping()) === 'PONG') return;
    } catch {
      if (Date.now() > deadline) throw new Error(`no Redis answered at ${url}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      client.disconnect();
    }
  }
}

/**
 * A real, throwaway Redis for the quota tests: Debian's `redis-server` (or `valkey-server`) on a
 * free loopback port without persistence, else a container when Docker is reachable. Resolves to
 * undefined, after saying why, when neither can be had; the caller then skips.
 */
export async function startRedis(port?: number): Promise<RunningRedis | undefined> {
  const binary = ['redis-server', 'valkey-server'].find((name) => spawnSync('sh', ['-c', `command -v ${name}`]).status === 0);
  if (binary) {
    port ??= await freeLoopbackPort();
    const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const url = `redis://127.0.0.1:${port}`;
    const stop = async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    };
    try {
      await waitForPing(url, child);
    } catch (error) {
      await stop();
      throw error;
    }
    return { url, stop };
  }
  try {
    const { GenericContainer } = await import('testcontainers');
    const container = await new GenericContainer('valkey/valkey:8-alpine').withExposedPorts(6379).start();
    const url = `redis://${container.getHost()}:${container.getMappedPort(6379)}`;
    await waitForPing(url);
    return { url, stop: async () => void (await container.stop()) };
  } catch (error) {
    console.warn(
      `[e2e] SKIPPING the Redis quota tests: no redis-server or valkey-server on PATH (apt-get install redis-server) and no Docker engine (${(error as Error).message})`,
    );
    return undefined;
  }
}
