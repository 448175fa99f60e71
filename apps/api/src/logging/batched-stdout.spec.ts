import { LineBatcher } from './batched-stdout';

function sink() {
  const writes: string[] = [];
  let syncFlushes = 0;
  return {
    writes,
    syncFlushes: () => syncFlushes,
    write: (chunk: string) => void writes.push(chunk),
    flushSync: () => void (syncFlushes += 1),
  };
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
    expect(batcher.pending).toBe(0);
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

  it('hands every held line over before the sink writes synchronously, so none is lost at shutdown', () => {
    const out = sink();
    const batcher = new LineBatcher(out, 1024);
    batcher.write('{"last":true}\n');
    batcher.flushSync();
    expect(out.writes).toEqual(['{"last":true}\n']);
    expect(out.syncFlushes()).toBe(1);
  });
});
