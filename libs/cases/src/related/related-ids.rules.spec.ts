import { relatedIdProblems } from './related-ids.rules';

type Linked = { id?: unknown; relatedIds?: unknown };
const messages = (records: Linked[]) => relatedIdProblems(records).map((p) => `${p.record} ${p.field}: ${p.message}`);

describe('relatedIdProblems', () => {
  it('accepts links both ways, and names a link that does not come back, even to a case that links to none', () => {
    const a = { id: 'case-a', relatedIds: ['case-b'] };
    const b = { id: 'case-b', relatedIds: ['case-a'] };
    const c = { id: 'case-c', relatedIds: [] };
    expect(messages([a, b, c])).toEqual([]);
    expect(messages([a, { ...b, relatedIds: [] }, c])).toEqual(['case-a relatedIds[0]: case-b does not link back (links go both ways)']);
  });

  it('names a link to the case itself, a repeated link and a link to no case (or to a record without links)', () => {
    expect(
      messages([
        { id: 'case-a', relatedIds: ['case-a', 'case-b', 'case-b', 'case-z'] },
        { id: 'case-b', relatedIds: ['case-a'] },
      ]),
    ).toEqual([
      'case-a relatedIds[0]: names the case itself',
      'case-a relatedIds[2]: repeats case-b',
      'case-a relatedIds[3]: case-z is not a case in the dataset',
    ]);
    expect(messages([{ id: 'case-a', relatedIds: ['case-b'] }, { id: 'case-b' }])).toEqual([
      'case-a relatedIds[0]: case-b is not a case in the dataset',
    ]);
  });

  it('skips links that are not strings, and takes the last list of an id given twice, in the place of its first', () => {
    expect(messages([{ id: 'case-a', relatedIds: [7, 'case-z'] }])).toEqual(['case-a relatedIds[0]: case-z is not a case in the dataset']);
    const twice = [
      { id: 'case-a', relatedIds: ['case-x'] },
      { id: 'case-b', relatedIds: ['case-y'] },
      { id: 'case-a', relatedIds: ['case-z'] },
    ];
    expect(messages(twice)).toEqual([
      'case-a relatedIds[0]: case-z is not a case in the dataset',
      'case-b relatedIds[0]: case-y is not a case in the dataset',
    ]);
  });
});
