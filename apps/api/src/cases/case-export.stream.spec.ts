import { finished } from 'node:stream/promises';
import type { CaseExportPages } from '@app/search';
import { CaseExportStream } from './case-export.stream';

/** An in-memory page source that records how far it was read and whether it was closed. */
function pagesOf(pages: Buffer[][], failAt = -1) {
  const state = { read: 0, closed: 0 };
  const source: CaseExportPages = {
    next: async () => {
      if (state.read === failAt) throw new Error('engine gone');
      return pages[state.read++] ?? null;
    },
    close: async () => void (state.closed += 1),
  };
  return { source, state };
}

/** A record as the repository hands it over: its JSON bytes. */
const record = (id: string) => Buffer.from(JSON.stringify({ id, title: { zh: '标题', en: 'Title' } }));

describe('CaseExportStream', () => {
  it('writes one JSON record per line, page after page, and closes at the end', async () => {
    const { source, state } = pagesOf([[record('a'), record('b')], [record('c')]]);
    const chunks: string[] = [];
    for await (const chunk of new CaseExportStream(source)) chunks.push(String(chunk));
    const lines = chunks.join('').split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.map((line) => JSON.parse(line).id)).toEqual(['a', 'b', 'c']);
    expect(JSON.parse(lines[0]).title.zh).toBe('标题');
    expect(state.closed).toBe(1);
  });

  it('reads no further and closes when the consumer goes away', async () => {
    const many = Array.from({ length: 1_000 }, (_, i) => [record(`c${i}`)]);
    const { source, state } = pagesOf(many);
    const stream = new CaseExportStream(source);
    for await (const _chunk of stream) break;
    expect(state.closed).toBe(1);
    expect(state.read).toBeLessThan(many.length);
  });

  it('fails the stream and closes when a page cannot be read', async () => {
    const { source, state } = pagesOf([[record('a')]], 1);
    const stream = new CaseExportStream(source);
    stream.resume();
    await expect(finished(stream)).rejects.toThrow('engine gone');
    expect(state.closed).toBe(1);
  });
});
