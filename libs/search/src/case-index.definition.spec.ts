import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import synonyms from '../../../elastic/index/case-synonyms.json';
import traditionalToSimplified from '../../../elastic/index/zh-traditional-to-simplified.json';
import { CASE_INDEX_MAPPINGS, CASE_INDEX_SETTINGS } from './case-index.definition';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const analysis = CASE_INDEX_SETTINGS.analysis as any;

describe('the case index definition', () => {
  it('fills the Traditional-to-Simplified table and the synonyms from their own files', () => {
    expect(analysis.char_filter.zh_traditional_to_simplified).toEqual({ type: 'mapping', mappings: traditionalToSimplified });
    expect(traditionalToSimplified).toEqual(expect.arrayContaining(['羅 => 罗', '爾 => 尔', '號 => 号']));
    expect(analysis.filter.case_synonyms).toEqual({ type: 'synonym_graph', synonyms: synonyms.synonyms });
  });

  it('holds the Traditional-to-Simplified table that the generator makes from opencc-js', () => {
    const script = join(__dirname, '..', '..', '..', 'scripts', 'zh-traditional-to-simplified.mjs');
    expect(execFileSync(process.execPath, [script, '--check'], { encoding: 'utf8' })).toContain('is up to date');
  });

  it('analyzes every text field with an analyzer it defines, and searches the word fields with synonyms', () => {
    type Field = {
      type?: string;
      properties?: Record<string, unknown>;
      fields?: Record<string, unknown>;
      analyzer?: string;
      search_analyzer?: string;
    };
    const fields: [string, Field][] = [];
    const walk = (properties: Record<string, unknown>, path: string) => {
      for (const [name, value] of Object.entries(properties)) {
        const field = value as Field;
        if (field.properties) walk(field.properties, `${path}${name}.`);
        else if (field.type === 'text') fields.push([`${path}${name}`, field]);
        if (field.fields) walk(field.fields, `${path}${name}.`);
      }
    };
    walk(CASE_INDEX_MAPPINGS.properties as Record<string, unknown>, '');
    expect(fields.map(([path]) => path)).toEqual(
      expect.arrayContaining(['title.en', 'title.en.prefix', 'detail.zh', 'specs.value.en', 'sources.label.zh', 'spelling']),
    );
    for (const [, field] of fields) {
      expect(Object.keys(analysis.analyzer)).toEqual(expect.arrayContaining([field.analyzer, field.search_analyzer ?? field.analyzer]));
      // The word fields (case_text_*); the prefix and spelling fields match letters as typed, without synonyms.
      if (!field.analyzer!.startsWith('case_text_')) continue;
      expect(analysis.analyzer[field.search_analyzer!].filter).toContain('case_synonyms');
      expect(analysis.analyzer[field.analyzer!].filter).not.toContain('case_synonyms');
    }
  });
});
