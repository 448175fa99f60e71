import { parseTranscriptSegments, transcriptPages } from './transcript.parser';

describe('parseTranscriptSegments', () => {
  it('reads start and end in ms and the text', () => {
    expect(parseTranscriptSegments('v.tsv', 'start\tend\ttext\n0\t1500\tHello there.\n1500\t3000\tA\ttab.\n\n')).toEqual([
      { startMs: 0, endMs: 1500, text: 'Hello there.' },
      { startMs: 1500, endMs: 3000, text: 'A\ttab.' },
    ]);
  });

  it('names the file and line of a defect', () => {
    expect(() => parseTranscriptSegments('v.tsv', 'begin\tend\n')).toThrow('v.tsv: line 1 is not the header start<TAB>end<TAB>text');
    expect(() => parseTranscriptSegments('v.tsv', 'start\tend\ttext\n0\tx\thi\n')).toThrow('v.tsv: line 2: expected start ms<TAB>end ms<TAB>text');
  });
});

describe('transcriptPages', () => {
  it('groups segments into pages that start where their first segment starts', () => {
    const segments = [
      { startMs: 0, endMs: 10, text: 'aaaa' },
      { startMs: 10, endMs: 20, text: 'bbbb' },
      { startMs: 20, endMs: 30, text: 'cccc' },
    ];
    expect(transcriptPages(segments, 10)).toEqual([
      { page: 1, text: 'aaaa\nbbbb', startMs: 0 },
      { page: 2, text: 'cccc', startMs: 20 },
    ]);
  });

  it('gives an empty transcript one empty page', () => {
    expect(transcriptPages([])).toEqual([{ page: 1, text: '', startMs: 0 }]);
  });
});
