import fc from 'fast-check';
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
    const id = fc.constantFrom('case-a', 'case-b', 'case-c', 'case-d', 'case-e');
    const link = fc.oneof(
      { arbitrary: fc.constantFrom('case-a', 'case-b', 'case-c', 'case-d', 'case-e', 'case-z'), weight: 9 },
      { arbitrary: fc.constant(7), weight: 1 },
    );
    const record: fc.Arbitrary<Linked> = fc.oneof(
      fc.record({ id }),
      fc.record({ id, relatedIds: fc.constant('case-a') }),
      fc.record({ id, relatedIds: fc.constant([]) }),
      fc.record({ id, relatedIds: fc.array(link, { minLength: 1, maxLength: 3 }) }),
    );
    fc.assert(
      fc.property(fc.array(record, { minLength: 1, maxLength: 8 }), (records) => {
        expect(streamed(records)).toEqual(asLists(records));
      }),
      { numRuns: 500, seed: 21 },
    );
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
