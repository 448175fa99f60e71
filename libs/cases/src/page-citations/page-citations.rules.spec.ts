import { datePatterns, pageCitationProblems, pageHoldsKeyWord, pageHoldsWord, type PageCitingCase } from './page-citations.rules';

const memo: PageCitingCase = {
  id: '1948-memo',
  date: '1948-12-13',
  datePrecision: 'day',
  englishText: 'A memorandum of 13 December 1948 from the 5th Naval District at Norfolk, Virginia.',
};

describe('datePatterns', () => {
  it.each([
    ['13 December 1948'],
    ['13 Dec 1948'],
    ['13 Deo 1948'],
    ['December 13, 1948'],
    ['12/13/48'],
    ['13.12.1948'],
    ['1948-12-13'],
    ['19481213'],
  ])('finds the day written as %s', (written) => {
    expect(datePatterns(memo.date, memo.datePrecision).some((pattern) => pattern.test(`dated ${written} at Norfolk`))).toBe(true);
  });

  it('finds a military date-time group', () => {
    const patterns = datePatterns('2022-05-20', 'day');
    expect(patterns.some((pattern) => pattern.test('Initial Contact DTG: 202043:00ZMAY22'))).toBe(true);
  });

  it('does not take another day, nor a date of another year', () => {
    const patterns = datePatterns(memo.date, memo.datePrecision);
    expect(patterns.some((pattern) => pattern.test('23 December 1948, 13 December 1949, 1/13/48'))).toBe(false);
  });

  it('gives nothing for a date that is only a month or a year', () => {
    expect(datePatterns('1948-12-01', 'month')).toEqual([]);
  });
});

describe('pageHoldsWord', () => {
  it('forgives one misread letter in a long word, not in a short one', () => {
    expect(pageHoldsWord('HEADQUARTERS FIFTH NAVAL DISTRICT Norfo1k 11, Virginia', 'Virginia')).toBe(true);
    expect(pageHoldsWord('Lubbook, Texas', 'Lubbock')).toBe(true);
    expect(pageHoldsWord('Norfo1k', 'Norfolk')).toBe(true);
    expect(pageHoldsWord('Utoh', 'Utah')).toBe(false);
  });

  it('matches a phrase word by word', () => {
    expect(pageHoldsWord('the Naval\nDistrict Intelligence Office', 'Naval District')).toBe(true);
    expect(pageHoldsWord('Naval air District', 'Naval District')).toBe(false);
  });
});

describe('pageCitationProblems', () => {
  const memoPages = new Map([
    [1, 'cover sheet'],
    [2, 'HEADQUARTERS FIFTH NAVAL DISTRICT Norfolk 11, Virginia 13 Deo 1948'],
  ]);
  const corpus = new Map([['dow-uap-d086', memoPages]]);
  const read = (id: string) => corpus.get(id);

  it('accepts a page that holds the case date or one of its words', () => {
    expect(pageCitationProblems([{ caseId: memo.id, documentId: 'dow-uap-d086', pages: [2], keyWords: ['date', 'Norfolk'] }], [memo], read)).toEqual(
      [],
    );
  });

  it('names a missing document, a page past the end and a page without the key words', () => {
    expect(
      pageCitationProblems(
        [
          { caseId: memo.id, documentId: 'nara-1', pages: [1], keyWords: ['Norfolk'] },
          { caseId: memo.id, documentId: 'dow-uap-d086', pages: [1, 3], keyWords: ['Norfolk'] },
        ],
        [memo],
        read,
      ),
    ).toEqual([
      '1948-memo cites nara-1: the corpus has no document with that id',
      '1948-memo cites dow-uap-d086: page 1 holds none of Norfolk',
      '1948-memo cites dow-uap-d086: page 3 does not exist (the document has 2)',
    ]);
  });

  it("refuses a key word that is not the case's own", () => {
    expect(pageCitationProblems([{ caseId: memo.id, documentId: 'dow-uap-d086', pages: [2], keyWords: ['HEADQUARTERS'] }], [memo], read)).toEqual([
      `1948-memo cites dow-uap-d086: "HEADQUARTERS" is not the case's own (its English text lacks it, or its date is not day-precise)`,
    ]);
  });

  it('holds the date key word to the case date', () => {
    expect(pageHoldsKeyWord('13 Deo 1948', 'date', memo)).toBe(true);
    expect(pageHoldsKeyWord('14 Dec 1948', 'date', memo)).toBe(false);
  });
});
