import { wordingProblems, type WordingAllowance } from './assessment-wording.rules';

const clean = {
  id: 'clean-case',
  summary: { en: 'AARO assesses that the footage was likely recorded by an infrared sensor.', zh: 'AARO评估认为，这段画面很可能由红外传感器拍摄。' },
  specs: [{ label: { en: 'Date precision', zh: '日期精度' }, value: { en: 'AARO’s assessment gives only the year', zh: 'AARO的评估只给出年份' } }],
};
const withText = (en: string, zh: string) => ({ ...clean, detail: { en, zh } });

describe('wordingProblems', () => {
  it('reads the content only: a revision may name the word it took out', () => {
    const revised = {
      ...clean,
      revisions: [{ date: '2026-11-24', reason: { en: "AARO's 'likely' is no longer 'most likely'", zh: '不再写作“最有可能”' } }],
    };
    expect(wordingProblems([revised], [])).toEqual([]);
  });

  it('accepts an assessment worded as its source words it, and a denied or attempted proof', () => {
    expect(
      wordingProblems(
        [clean, withText('The FAA said it could not confirm the event.', '联邦航空局称无法证实此事，尚无证据证明它存在，也无法证明因果关系。')],
        [],
      ),
    ).toEqual([]);
  });

  it.each([
    ['most likely', withText('AARO assesses that the footage was most likely recorded by a sensor.', '很可能')],
    ['confirms', withText('AARO’s assessment confirms only the year.', '年份')],
    ['proves', withText('The analysis proved it was a balloon.', '气球')],
    ['最有可能', withText('likely', 'AARO评估认为，这段画面极有可能由红外传感器拍摄。')],
    ['确认了', withText('gives', 'AARO的评估确认了年份和月份')],
    ['证明', withText('shown', '部分目击事后被证明是导弹试射')],
  ])('fails on "%s"', (word, broken) => {
    expect(wordingProblems([broken], [])).toEqual([expect.stringMatching(new RegExp(`^clean-case: "${word}"`))]);
  });

  it('lets an allow-list entry with a reason excuse a word its source uses, and reports entries without a reason or a use', () => {
    const proved = withText('Ruppelt wrote that the analysis proved it.', '气球');
    const allowed: WordingAllowance[] = [{ id: 'clean-case', word: 'proves', reason: 'Ruppelt’s own word.' }];
    expect(wordingProblems([proved], allowed)).toEqual([]);
    expect(wordingProblems([clean], allowed)).toEqual(['wording-allowlist.json: clean-case no longer uses "proves"; remove the entry']);
    expect(wordingProblems([proved], [{ ...allowed[0], reason: ' ' }])).toEqual(['wording-allowlist.json: clean-case "proves" gives no reason']);
  });
});
