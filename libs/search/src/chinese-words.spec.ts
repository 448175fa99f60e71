import { chineseWords } from './chinese-words';

describe('chineseWords', () => {
  it.each([
    ['外星人解剖录像', ['外星人', '解剖', '录像']],
    ['尼斯湖水怪', ['尼斯湖', '水怪']],
    ['凯克斯堡坠落物', ['凯克斯堡', '坠落物']],
    ['洛杉矶之战', ['洛杉矶之战']],
    ['罗斯威尔的飞碟', ['罗斯', '威尔', '飞碟']],
    ['“华盛顿”', ['华盛顿']],
    ['凯', ['凯']],
  ])('splits %s into the words a reader sees, none of one character beside others', (run, words) => {
    expect(chineseWords(run)).toEqual(words);
  });
});
