import type { Client } from '@elastic/elasticsearch';
import { ArchiveIndexLifecycle } from './archive-index.lifecycle';

describe('mergeIntoOneSegment', () => {
  /** A client whose merge task reports `polls` unfinished answers, then `last`. */
  function clientMerging(polls: number, last: Record<string, unknown>) {
    const forcemerge = jest.fn(async () => ({ _shards: { total: 1, successful: 0, failed: 0 }, task: 'node:7' }));
    let asked = 0;
    const get = jest.fn(async () => (++asked <= polls ? { completed: false, task: {} } : { completed: true, task: {}, ...last }));
    const client = { connectionPool: { size: 1 }, indices: { forcemerge }, tasks: { get } };
    return { index: new ArchiveIndexLifecycle(client as unknown as Client, 'cases'), forcemerge, get };
  }

  it('runs the merge as a task and waits for it to finish, however long it takes', async () => {
    const { index, forcemerge, get } = clientMerging(3, { response: { _shards: { total: 1, successful: 1, failed: 0 } } });
    await index.mergeIntoOneSegment('cases-1', 0);
    expect(forcemerge).toHaveBeenCalledWith({ index: 'cases-1', max_num_segments: 1, wait_for_completion: false });
    expect(get).toHaveBeenCalledTimes(4);
    expect(get).toHaveBeenCalledWith({ task_id: 'node:7' });
  });

  it('fails when the merge task failed, so the alias never moves to the index', async () => {
    await expect(
      clientMerging(0, { error: { type: 'io_exception', reason: 'No space left on device' } }).index.mergeIntoOneSegment('cases-1', 0),
    ).rejects.toThrow('merging cases-1 into one segment failed: No space left on device');
    await expect(
      clientMerging(1, { response: { _shards: { total: 1, successful: 0, failed: 1 } } }).index.mergeIntoOneSegment('cases-1', 0),
    ).rejects.toThrow('a shard failed');
  });
});
