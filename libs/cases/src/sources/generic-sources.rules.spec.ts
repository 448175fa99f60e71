import { genericSourceProblems, type GenericSources } from './generic-sources.rules';

const GUIDE = 'https://www.archives.gov/research/military/air-force/ufos';
const table: GenericSources = { generic: [{ url: GUIDE, what: 'guide' }], allowed: [{ id: 'closure', reason: 'The guide states the closure.' }] };
const sourced = { id: 'mantell', sources: [{ url: 'https://example.org/tower-statement' }, { url: GUIDE }] };
const closure = { id: 'closure', sources: [{ url: GUIDE }] };

describe('genericSourceProblems', () => {
  it('accepts a generic page beside a specific source, and an allowed case whose facts the page holds', () => {
    expect(genericSourceProblems([sourced, closure], table)).toEqual([]);
  });

  it('fails on a case resting only on a generic guide (a broken copy of one that had its record)', () => {
    const broken = { ...sourced, sources: [{ url: GUIDE }] };
    expect(genericSourceProblems([broken, closure], table)).toEqual([
      `mantell: cites only generic pages (${GUIDE}); cite the record or an account that states its facts`,
    ]);
  });

  it('reports an allow-list entry that is no longer needed', () => {
    expect(genericSourceProblems([{ ...closure, sources: [{ url: 'https://example.org/fact-sheet' }] }], table)).toEqual([
      'generic-sources.json: closure now cites a specific source; remove its entry',
    ]);
  });
});
