import { transliterationProblems, type TransliterationTable } from './transliteration.rules';

const table: TransliterationTable = {
  names: [{ en: 'Thornton Page', zh: '桑顿·佩奇', kind: 'person', not: ['索顿·佩奇'] }],
  terms: [{ en: 'U.S. person', match: '\\bU\\.?S\\.? persons?\\b', zh: '美国人士', not: ['美国人员', '美国公民'] }],
};
const panel = { id: 'panel', detail: { en: 'Its members included Thornton Page.', zh: '成员包括桑顿·佩奇。' } };
const interview = { id: 'interview', summary: { en: 'A U.S. person told the FBI.', zh: '一名美国人士向美国联邦调查局讲述。' } };
const citizens = { id: 'citizens', summary: { en: 'Three U.S. citizens saw it.', zh: '三名美国公民看到了它。' } };

describe('transliterationProblems', () => {
  it('accepts names and terms written as the table says, and leaves "citizen" to its own word', () => {
    expect(transliterationProblems([panel, interview, citizens], table)).toEqual([]);
  });

  it.each([
    [
      { ...panel, detail: { en: panel.detail.en, zh: '成员包括索顿·佩奇。' } },
      'panel: names "Thornton Page" but never writes it 桑顿·佩奇 in Chinese',
    ],
    [{ ...citizens, detail: { en: 'x', zh: '索顿·佩奇' } }, 'citizens: writes 索顿·佩奇 for "Thornton Page"; the table says 桑顿·佩奇'],
    [
      { ...interview, summary: { en: interview.summary.en, zh: '一名美国公民向美国联邦调查局讲述。' } },
      'interview: renders "U.S. person" as 美国公民; the table says 美国人士',
    ],
    [
      { ...interview, summary: { en: 'Seven US persons gave statements.', zh: '七名美国人员作了陈述。' } },
      'interview: renders "U.S. person" as 美国人员; the table says 美国人士',
    ],
  ])('fails on a broken copy: %#', (broken, expected) => {
    const others = [panel, interview, citizens].filter((c) => c.id !== broken.id);
    expect(transliterationProblems([...others, broken], table)).toEqual(expect.arrayContaining([expected]));
  });

  it('reports an entry no case names', () => {
    expect(transliterationProblems([interview], table)).toEqual(['transliterations.json: no case names "Thornton Page"']);
  });
});
