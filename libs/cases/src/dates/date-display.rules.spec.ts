import { dateDisplayProblems } from './date-display.rules';

const day = {
  id: 'a',
  date: '1965-08-21',
  datePrecision: 'day' as const,
  dateDisplay: { en: '21–29 August 1965 (during the flight)', zh: '1965年8月21日至29日' },
};
const month = {
  id: 'b',
  date: '2017-07-01',
  datePrecision: 'month' as const,
  dateDisplay: { en: 'July 2017 (day not recorded)', zh: '2017年7月（具体日期不详）' },
};
const year = { id: 'c', date: '1954-01-01', datePrecision: 'year' as const, dateDisplay: { en: '1954–1974', zh: '1954—1974年' } };
const unknown = {
  id: 'd',
  date: '2026-05-08',
  datePrecision: 'unknown' as const,
  dateDisplay: { en: 'Date not released (file published 8 May 2026)', zh: '日期未公开（文件于2026年5月8日公布）' },
};

describe('dateDisplayProblems', () => {
  it('accepts displays that say what the precision says, spans included', () => {
    expect(dateDisplayProblems([day, month, year, unknown])).toEqual([]);
    expect(
      dateDisplayProblems([{ ...day, date: '1993-03-31', dateDisplay: { en: 'Night of 30-31 March 1993', zh: '1993年3月30日晚至31日凌晨' } }]),
    ).toEqual([]);
  });

  it.each([
    ['a day it does not name', { ...day, date: '1965-08-22' }, 'a: datePrecision day but dateDisplay does not name 1965-08-22'],
    [
      'a known day it calls unknown',
      { ...day, dateDisplay: { en: '21 August 1965 (exact date not released)', zh: '1965年8月21日' } },
      'a: datePrecision day but dateDisplay calls the day unknown',
    ],
    [
      'a month in one language only',
      { ...month, dateDisplay: { en: 'July 2017', zh: '2017年（具体日期不详）' } },
      'b: datePrecision month but dateDisplay does not name July 2017',
    ],
    ['a year it does not name', { ...year, date: '1955-01-01' }, 'c: datePrecision year but dateDisplay does not name 1955'],
    [
      'an unknown date shown as a day',
      { ...unknown, dateDisplay: { en: '8 May 2026', zh: '2026年5月8日' } },
      'd: datePrecision unknown but dateDisplay does not say the date is not given',
    ],
  ])('fails on %s', (_label, broken, expected) => {
    expect(dateDisplayProblems([broken])).toEqual([expect.stringContaining(expected)]);
  });
});
