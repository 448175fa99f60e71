import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildGlossary, hasChinese, peelPlaces, translateQuery } from './document-glossary';
import { glossaryJson } from './glossary-sources';
import { toSimplified } from './simplified-chinese';

const ROOT = join(__dirname, '../../../..');
const committed = JSON.parse(readFileSync(join(__dirname, 'glossary-entries.json'), 'utf8')) as { entries: Record<string, string> };
const glossary = new Map(Object.entries(committed.entries));

describe('the committed glossary', () => {
  it("is what the repository's bilingual data makes (run npm run generate:documents-glossary when this fails)", () => {
    expect(readFileSync(join(__dirname, 'glossary-entries.json'), 'utf8')).toBe(glossaryJson(ROOT));
  });

  it('finds the Lubbock pages of Blue Book from 蓝皮书计划 卢伯克', () => {
    expect(translateQuery('蓝皮书计划 卢伯克', glossary)).toEqual({
      searchedFor: 'blue book project lubbock',
      concepts: ['blue book', 'project', 'lubbock'],
      unknown: [],
    });
  });
});

describe('buildGlossary', () => {
  it("takes common terms, the synonyms' Chinese lines, names and the parts of place names", () => {
    const built = buildGlossary({
      places: [
        { zh: '美国得克萨斯州拉伯克', en: 'Lubbock, Texas, USA' },
        { zh: '美国得克萨斯州休斯敦附近', en: 'Near Houston, Texas, USA' },
      ],
      names: [{ zh: '鲁佩尔特', en: 'Ruppelt' }],
      synonymLines: ['lubbock, 拉伯克, 卢伯克', 'unidentified flying object => unidentified flying object, ufo, 不明飞行物'],
      commonTerms: { 计划: 'project' },
    });
    expect(Object.fromEntries(built)).toEqual({
      计划: 'project',
      拉伯克: 'lubbock',
      卢伯克: 'lubbock',
      不明飞行物: 'unidentified flying object',
      鲁佩尔特: 'Ruppelt',
      得克萨斯州: 'Texas',
      休斯敦: 'Houston',
    });
  });

  it('peels place names from both ends until one part is left', () => {
    expect(
      Object.fromEntries(
        peelPlaces([
          { zh: '匈牙利布达佩斯', en: 'Budapest, Hungary' },
          { zh: '匈牙利', en: 'Hungary' },
        ]),
      ),
    ).toEqual({ 匈牙利: 'Hungary', 布达佩斯: 'Budapest' });
  });
});

describe('translateQuery', () => {
  it('cuts Chinese into the longest entries, keeps Latin words, and reports what it could not translate', () => {
    const small = new Map([
      ['蓝皮书', 'blue book'],
      ['蓝皮', 'blue skin'],
      ['雷达', 'radar'],
    ]);
    expect(translateQuery('蓝皮书 某某雷达 F-94', small)).toEqual({
      searchedFor: 'blue book radar F-94',
      concepts: ['blue book', 'radar', 'F-94'],
      unknown: ['某某'],
    });
  });

  it('reads Traditional characters as Simplified first', () => {
    expect(toSimplified('藍皮書')).toBe('蓝皮书');
    expect(translateQuery('藍皮書', new Map([['蓝皮书', 'blue book']]), toSimplified).concepts).toEqual(['blue book']);
    expect(hasChinese('Lubbock')).toBe(false);
    expect(hasChinese('卢伯克')).toBe(true);
  });
});
