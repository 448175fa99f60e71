import { uploaderDateProblems } from './uploader-date.rules';

const spec = (en: string) => [{ label: { en: 'Date precision', zh: '日期精度' }, value: { en, zh: '' } }];

describe('uploaderDateProblems', () => {
  it("refuses a day-precise date that only an uploader's title gives", () => {
    expect(uploaderDateProblems([{ id: 'clip', datePrecision: 'day', specs: spec('Day taken from the uploader-defined title') }])).toEqual([
      `clip: its date rests on an uploader's title ("Day taken from the uploader-defined title") but datePrecision is day; use the precision AARO gives`,
    ]);
  });

  it("accepts the precision AARO gives, with the uploader's day kept as the uploader's", () => {
    const yearOnly = spec("Year: AARO's assessment gives only the year; the 24 August 2020 of the uploader-defined title is the uploader's");
    expect(uploaderDateProblems([{ id: 'clip', datePrecision: 'year', specs: yearOnly }])).toEqual([]);
  });

  it('leaves alone a day that a record itself gives', () => {
    expect(uploaderDateProblems([{ id: 'memo', datePrecision: 'day', specs: spec('Day: the memo is dated 13 December 1948') }])).toEqual([]);
  });
});
