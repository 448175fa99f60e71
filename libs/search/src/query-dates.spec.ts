import { findDates } from './query-dates';

const day = (date: string) => ({ from: date, to: date });
const SOCORRO = [day('1964-04-24')];
const APRIL_1964 = [{ from: '1964-04-01', to: '1964-04-30' }];

describe('findDates', () => {
  it.each([
    ['4/24/64', SOCORRO],
    ['4/24/1964', SOCORRO],
    ['24.4.1964', SOCORRO],
    ['24/4/1964', SOCORRO],
    ['1964-04-24', SOCORRO],
    ['1964/4/24', SOCORRO],
    ['24 April 1964', SOCORRO],
    ['24th of April, 1964', SOCORRO],
    ['April 24, 1964', SOCORRO],
    ['Apr 24th 1964', SOCORRO],
    ['1964年4月24日', SOCORRO],
    ['64年4月24日', SOCORRO],
    ['一九六四年四月二十四日', SOCORRO],
    ['六四年四月', APRIL_1964],
    ['1964年4月', APRIL_1964],
    ['April 1964', APRIL_1964],
    ['1964-04', APRIL_1964],
    ['1964', [{ from: '1964-01-01', to: '1964-12-31' }]],
    ['１９６４年４月２４日', SOCORRO],
  ])('reads %s as the days it names, with nothing left', (q, dates) => {
    expect(findDates(q)).toEqual({ dates, rest: '' });
  });

  it('reads both days a date with day and month under 13 may name', () => {
    expect(findDates('4/5/64').dates).toEqual([day('1964-04-05'), day('1964-05-04')]);
    expect(findDates('4/4/64').dates).toEqual([day('1964-04-04')]);
  });

  it('takes the date out of the words around it, in either language', () => {
    expect(findDates('Socorro landing 4/24/64')).toEqual({ dates: SOCORRO, rest: 'Socorro landing' });
    expect(findDates('1964年4月24日索科罗')).toEqual({ dates: SOCORRO, rest: '索科罗' });
    expect(findDates('UFO on 24 April 1964 in New Mexico')).toEqual({ dates: SOCORRO, rest: 'UFO on in New Mexico' });
    expect(findDates('1952 华盛顿 UFO')).toEqual({ dates: [{ from: '1952-01-01', to: '1952-12-31' }], rest: '华盛顿 UFO' });
  });

  it('finds no date in names and numbers that are not dates', () => {
    for (const q of [
      'Gemini 7',
      'Apollo 11',
      'F-16 Belgium',
      'JAL 1628',
      'RB-47',
      'Flight 19',
      '阿波罗11号',
      'May I ask',
      '2/30/64',
      '13/13/1964',
      'B1952',
    ]) {
      expect(findDates(q)).toEqual({ dates: [], rest: q });
    }
  });

  it('reads a two-digit year of this century up to 30, of the last after', () => {
    expect(findDates('3/4/19').dates).toContainEqual(day('2019-03-04'));
    expect(findDates('3/4/47').dates).toContainEqual(day('1947-03-04'));
  });
});
