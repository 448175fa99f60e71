import { relatedIdProblems } from '@app/cases';
import { CaseIds } from './case-ids';

type Linked = { id: string; relatedIds?: unknown };

/** What checkDataset reported before CaseIds: duplicates from a first-seen map, links from relatedIdProblems over the list. */
function asLists(records: Linked[]) {
  const firstSeen = new Map<string, number>();
  const repeats = records.map(({ id }, i) => {
    const first = firstSeen.get(id);
    if (first === undefined) firstSeen.set(id, i + 1);
    return first;
  });
  return { repeats, links: relatedIdProblems(records) };
}

function streamed(records: Linked[]) {
  const ids = new CaseIds();
  const repeats = records.map(({ id, relatedIds }, i) => ids.add(id, i + 1, relatedIds));
  return { repeats, links: ids.linkProblems() };
}

/** A small deterministic generator (mulberry32), as scripts/generate-cases.mjs uses. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('CaseIds', () => {
  it('reports what the whole-list checks report: first records of repeated ids, and broken links in the same order', () => {
    const a = { id: 'case-a', relatedIds: ['case-b'] };
    const b = { id: 'case-b', relatedIds: ['case-a'] };
    const cases: Linked[][] = [
      [a, b, { id: 'case-c', relatedIds: [] }],
      [a, { ...b, relatedIds: [] }],
      [a, { id: 'case-b' }],
      [{ id: 'case-a', relatedIds: ['case-a', 'case-b', 'case-b', 'case-z', 7] }, b],
      // An id given twice: the last list counts, in the place of the first record with a list.
      [
        { id: 'case-a' },
        { id: 'case-c', relatedIds: ['case-y'] },
        { id: 'case-a', relatedIds: ['case-x'] },
        { id: 'case-c', relatedIds: ['case-w'] },
        a,
      ],
    ];
    for (const records of cases) expect(streamed(records)).toEqual(asLists(records));
    expect(streamed(cases[4]).repeats).toEqual([undefined, undefined, 1, 2, 1]);
  });

  it('agrees with the whole-list checks on many random small datasets with repeated ids, missing lists and stray links', () => {
    const next = random(21);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
    const pool = ['case-a', 'case-b', 'case-c', 'case-d', 'case-e'];
    for (let round = 0; round < 500; round += 1) {
      const records: Linked[] = Array.from({ length: 1 + Math.floor(next() * 8) }, () => {
        const id = pick(pool);
        const roll = next();
        if (roll < 0.15) return { id };
        if (roll < 0.2) return { id, relatedIds: 'case-a' };
        if (roll < 0.5) return { id, relatedIds: [] };
        return { id, relatedIds: Array.from({ length: 1 + Math.floor(next() * 3) }, () => (next() < 0.1 ? 7 : pick([...pool, 'case-z']))) };
      });
      expect(streamed(records)).toEqual(asLists(records));
    }
  });

  it('keeps nothing of a record it was given, so the ingest can drop each record once read', () => {
    const ids = new CaseIds();
    const a = { id: 'case-a', relatedIds: ['case-b'] };
    const b = { id: 'case-b', relatedIds: [] as string[] };
    ids.add(a.id, 1, a.relatedIds);
    ids.add(b.id, 2, b.relatedIds);
    a.relatedIds.push('case-z');
    b.relatedIds.push('case-a');
    expect(ids.size).toBe(2);
    expect(ids.linkProblems()).toEqual([{ record: 'case-a', field: 'relatedIds[0]', message: 'case-b does not link back (links go both ways)' }]);
  });
});
