import { parseCoverage, pendingCoverageCsv } from './coverage';

describe('pendingCoverageCsv', () => {
  it('writes one pending row per file, quoting only the fields CSV needs quoted', () => {
    const csv = pendingCoverageCsv([
      { release: 5, fileId: 'DOW-UAP-D60', dvidsId: '1000001' },
      { release: 6, fileId: 'a,b "c"', dvidsId: 'line\nbreak' },
    ]);
    expect(csv).toBe('5,DOW-UAP-D60,1000001,,pending\n6,"a,b ""c""","line\nbreak",,pending\n');
    expect(parseCoverage(`release,file_id,dvids_id,case_id,reason\n${csv}`)[1]).toEqual({
      release: '6',
      file_id: 'a,b "c"',
      dvids_id: 'line\nbreak',
      case_id: '',
      reason: 'pending',
    });
  });

  it('writes nothing for no files', () => {
    expect(pendingCoverageCsv([])).toBe('');
  });
});
