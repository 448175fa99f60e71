import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { LineBatcher } from './batched-stdout';

function sink() {
  const writes: string[] = [];
  return { writes, write: (chunk: string) => void writes.push(chunk) };
}

describe('LineBatcher', () => {
  it('holds lines until a batch is full, then writes them in order as one chunk', () => {
    const out = sink();
    const batcher = new LineBatcher(out, 30);
    batcher.write('{"n":1}\n');
    batcher.write('{"n":2}\n');
    batcher.write('{"n":3}\n');
    expect(out.writes).toEqual([]);
    batcher.write('{"n":4}\n');
    expect(out.writes).toEqual(['{"n":1}\n{"n":2}\n{"n":3}\n{"n":4}\n']);
  });

  it('writes a partial batch when flushed, and nothing when nothing is held', () => {
    const out = sink();
    const batcher = new LineBatcher(out, 1024);
    batcher.flush();
    batcher.write('{"n":1}\n');
    batcher.flush();
    batcher.flush();
    expect(out.writes).toEqual(['{"n":1}\n']);
  });
});

describe('BatchedStdout', () => {
  const ROOT = join(__dirname, '..', '..', '..', '..');
  /** Runs `body` in a child process with a BatchedStdout and a pino logger on it; answers the child's stdout. */
  const runChild = (body: string) =>
    spawnSync(
      process.execPath,
      [
        '-r',
        join(ROOT, 'scripts', 'support', 'load-typescript.cjs'),
        '-e',
        `const pino = require('pino');
         const { BatchedStdout } = require(${JSON.stringify(join(__dirname, 'batched-stdout.ts'))});
         const stdout = new BatchedStdout();
         const logger = pino({ base: undefined, timestamp: false }, stdout.destination);
         ${body}`,
      ],
      { encoding: 'utf8', timeout: 60_000 },
    ).stdout;
  const lines = (out: string) =>
    out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).n);
  const range = (count: number) => Array.from({ length: count }, (_, i) => i);

  it('writes every line on stdout, in order, the last partial batch at exit', () => {
    const out = runChild(`for (let n = 0; n < 200; n += 1) logger.info({ n, padding: 'x'.repeat(100) }); process.exit(0);`);
    expect(lines(out)).toEqual(range(200));
  });

  it('writes a line logged in a quiet moment within a second, before any exit', () => {
    // SIGKILL leaves no exit handler to run: only the interval flush can have written the line.
    const out = runChild(`logger.info({ n: 0 }); setTimeout(() => process.kill(process.pid, 'SIGKILL'), 1000);`);
    expect(lines(out)).toEqual([0]);
  });

  it('writes what it holds at shutdown', () => {
    const out = runChild(`logger.info({ n: 0 }); logger.info({ n: 1 }); stdout.onApplicationShutdown(); process.kill(process.pid, 'SIGKILL');`);
    expect(lines(out)).toEqual([0, 1]);
  });
});
