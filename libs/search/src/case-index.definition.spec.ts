import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import synonyms from '../../../elastic/index/case-synonyms.json';
import traditionalToSimplified from '../../../elastic/index/zh-traditional-to-simplified.json';
import { CASE_INDEX_MAPPINGS, CASE_INDEX_SETTINGS, caseListing } from './case-index.definition';

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

  it('copies the deeper text of each language into one field analyzed as that language (what q reads)', () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const properties = CASE_INDEX_MAPPINGS.properties as any;
    const copies = (field: { copy_to?: string | string[] }) => [field.copy_to ?? []].flat();
    expect(copies(properties.detail.properties.en)).toEqual(['spelling', 'deep.en']);
    expect(copies(properties.detail.properties.zh)).toEqual(['deep.zh']);
    for (const part of ['label', 'value']) {
      expect(copies(properties.specs.properties[part].properties.en)).toEqual(['deep.en']);
      expect(copies(properties.specs.properties[part].properties.zh)).toEqual(['deep.zh']);
    }
    expect(copies(properties.sources.properties.label)).toEqual(['deep.en', 'deep.zh']);
    for (const language of ['en', 'zh']) {
      const deep = properties.deep.properties[language];
      expect(deep.analyzer).toBe(properties.detail.properties[language].analyzer);
      expect(deep.search_analyzer).toBe(properties.detail.properties[language].search_analyzer);
    }
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
      expect.arrayContaining(['title.en', 'title.en.prefix', 'detail.zh', 'specs.value.en', 'sources.label.zh', 'spelling', 'deep.en', 'deep.zh']),
    );
    for (const [, field] of fields) {
      expect(Object.keys(analysis.analyzer)).toEqual(expect.arrayContaining([field.analyzer, field.search_analyzer ?? field.analyzer]));
      // The word fields (case_text_*); the prefix and spelling fields match letters as typed, without synonyms.
      if (!field.analyzer!.startsWith('case_text_')) continue;
      expect(analysis.analyzer[field.search_analyzer!].filter).toContain('case_synonyms');
      expect(analysis.analyzer[field.analyzer!].filter).not.toContain('case_synonyms');
    }
  });

  it('keeps each case’s listing as doc values only, out of _source, so that a record read whole never carries it', () => {
    expect(CASE_INDEX_MAPPINGS.properties?.listing).toEqual({ type: 'binary', doc_values: true });
    expect(CASE_INDEX_MAPPINGS._source).toEqual({ excludes: ['listing'] });
    const record = { id: 'a', detail: { en: 'x' }, title: { en: 'A' }, relatedIds: ['b'], addedAt: '2026-01-01' };
    expect(Buffer.from(caseListing(record as never), 'base64').toString('utf8')).toBe('{"id":"a","title":{"en":"A"},"addedAt":"2026-01-01"}');
  });
});
