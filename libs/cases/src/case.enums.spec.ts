import { normalizeTranche } from './case.enums';

describe('normalizeTranche', () => {
  it.each([
    ['PURSUE-1', 'PURSUE-1'],
    ['pursue-6', 'PURSUE-6'],
    ['Pursue-12', 'PURSUE-12'],
    ['pre-disclosure', 'pre-disclosure'],
    ['PRE-DISCLOSURE', 'pre-disclosure'],
    [' PURSUE-3 ', 'PURSUE-3'],
  ])('%s -> %s', (raw, normalized) => expect(normalizeTranche(raw)).toBe(normalized));

  it.each(['PURSUE-0', 'PURSUE-01', 'PURSUE', 'PURSUE-1a', 'release-1', 'predisclosure', ''])('rejects %p', (raw) =>
    expect(normalizeTranche(raw)).toBeNull(),
  );
});
