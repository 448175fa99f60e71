/** One name of data/transliterations.json: the Chinese form a case uses wherever its English names it. */
export interface Transliteration {
  en: string;
  zh: string;
  kind?: 'person' | 'place' | 'organisation';
  /** Forms no case may use (earlier or non-standard renderings). */
  not?: string[];
  note?: string;
}

/** A term whose rendering depends on the English word: only cases whose English uses it are held to it. */
export interface TermRendering {
  en: string;
  /** A regular expression (source) finding the term in English text. */
  match: string;
  zh: string;
  /** Forms a case whose English uses the term must not use for it. */
  not?: string[];
  note?: string;
}

export interface TransliterationTable {
  about?: string;
  names: Transliteration[];
  terms: TermRendering[];
}

/** Every string of one language in the `{zh, en}` pairs of a record, but its change history. */
function text(value: unknown, lang: 'en' | 'zh', key = ''): string {
  if (key === 'revisions') return '';
  if (Array.isArray(value)) return value.map((item) => text(item, lang)).join('\n');
  if (value === null || typeof value !== 'object') return '';
  const object = value as Record<string, unknown>;
  if (typeof object.en === 'string' && typeof object.zh === 'string') return object[lang] as string;
  return Object.entries(object)
    .map(([child, item]) => text(item, lang, child))
    .join('\n');
}

/**
 * The transliteration rule of data/README.md#writing: the same name is always written the same way
 * in Chinese. A case whose English names an entry must carry its Chinese form; no case may use a
 * form the table rules out; a case whose English uses a listed legal term renders it as the table
 * says and not as a ruled-out form. An entry no case names is reported, so the table stays true.
 */
export function transliterationProblems(cases: readonly { id: string }[], table: TransliterationTable): string[] {
  const problems: string[] = [];
  const texts = cases.map((c) => ({ id: c.id, en: text(c, 'en'), zh: text(c, 'zh') }));
  for (const name of table.names) {
    const naming = texts.filter((c) => c.en.includes(name.en));
    if (!naming.length) problems.push(`transliterations.json: no case names "${name.en}"`);
    for (const c of naming) {
      if (!c.zh.includes(name.zh)) problems.push(`${c.id}: names "${name.en}" but never writes it ${name.zh} in Chinese`);
    }
    for (const c of texts) {
      for (const wrong of name.not ?? []) {
        if (c.zh.includes(wrong)) problems.push(`${c.id}: writes ${wrong} for "${name.en}"; the table says ${name.zh}`);
      }
    }
  }
  for (const term of table.terms) {
    const pattern = new RegExp(term.match, 'i');
    for (const c of texts.filter((t) => pattern.test(t.en))) {
      if (!c.zh.includes(term.zh)) problems.push(`${c.id}: says "${term.en}" but its Chinese never writes ${term.zh}`);
      for (const wrong of term.not ?? []) {
        if (c.zh.includes(wrong)) problems.push(`${c.id}: renders "${term.en}" as ${wrong}; the table says ${term.zh}`);
      }
    }
  }
  return problems;
}
