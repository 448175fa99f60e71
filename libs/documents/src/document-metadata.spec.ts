import { dateOf, humanize, yearIn } from './document-metadata';

describe('document metadata', () => {
  it.each([
    ['3/22/49', '1949-03-22'],
    ['11/14/63', '1963-11-14'],
    ['5/1/22', '2022-05-01'],
    ['October, 2024', '2024-10'],
    ['1948-1950', '1948'],
    ['N/A', undefined],
    ['Undated', undefined],
  ])('reads the manifest date %s', (text, iso) => {
    expect(dateOf(text)).toBe(iso);
  });

  it('finds a year standing alone and makes names readable', () => {
    expect(yearIn('dow-uap-d7-mission-report-arabian-gulf-2020')).toBe('2020');
    expect(yearIn('20060474f')).toBeUndefined();
    expect(humanize('ufo-part-01')).toBe('Ufo part 01');
  });
});
