/**
 * The bilingual glossary that turns a Chinese query into the English words the government's
 * files use (issue 34): the documents are English, so a Chinese query is translated word by word
 * and the English searched. Built from the project's own bilingual data, not a dictionary: the
 * case records' paired place names (peeled into their parts: 美国得克萨斯州拉伯克 / Lubbock,
 * Texas, USA gives 拉伯克 = Lubbock), the transliterations, the case synonyms' Chinese-English
 * lines, and a short list of common terms.
 */
export interface GlossarySources {
  /** `{ zh, en }` pairs of place names (the case records' location names, the gazetteer's). */
  places: { zh: string; en: string }[];
  /** `{ zh, en }` of names and terms (data/transliterations.json). */
  names: { zh: string; en: string }[];
  /** Solr synonym lines (elastic/index/case-synonyms.json). */
  synonymLines: string[];
  /** zh -> en. */
  commonTerms: Record<string, string>;
}

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
/** Seeds for peeling place names: how the records write their countries in English. */
const COUNTRY_ALIASES: Record<string, string[]> = { 美国: ['USA', 'U.S.', 'US', 'United States'], 英国: ['UK', 'United Kingdom'] };
/** What the Chinese adds after a place that the English says before it or not at all. */
const ZH_QUALIFIERS = /(附近|一带|上空|地区)$/;

/** zh -> en, longest Chinese first when translating. */
export type Glossary = Map<string, string>;

export function buildGlossary(sources: GlossarySources): Glossary {
  const glossary: Glossary = new Map();
  const add = (zh: string, en: string) => {
    const key = zh.trim();
    if (key && CJK.test(key) && en.trim() && !glossary.has(key)) glossary.set(key, en.trim());
  };
  for (const [zh, en] of Object.entries(sources.commonTerms)) add(zh, en);
  for (const line of sources.synonymLines) {
    const terms = (line.includes('=>') ? line.split('=>')[1] : line).split(',').map((term) => term.trim());
    const english = terms.find((term) => term && !CJK.test(term));
    if (english) for (const term of terms.filter((term) => CJK.test(term))) add(term, english);
  }
  for (const { zh, en } of sources.names) add(zh, en);
  // What is known so far seeds the peeling: 拉伯克 = lubbock peels 美国得克萨斯州拉伯克 down to Texas.
  const known = new Map<string, string[]>();
  for (const [zh, en] of glossary) known.set(en.toLowerCase(), [...(known.get(en.toLowerCase()) ?? []), zh]);
  for (const [zh, english] of peelPlaces(sources.places, known)) add(zh, english);
  return glossary;
}

/**
 * Learns the parts of place names: the Chinese writes a place country first (美国得克萨斯州拉伯克),
 * the English place first (Lubbock, Texas, USA). Peeling the parts already known off both ends
 * leaves one Chinese string for the one English part left; repeated until nothing new is learned.
 */
export function peelPlaces(places: { zh: string; en: string }[], known: ReadonlyMap<string, string[]> = new Map()): Map<string, string> {
  // Keys are the English in lower case, each with every Chinese form known for it.
  const zhOf = new Map<string, string[]>(known);
  const learned = new Map<string, { en: string; zh: string }>();
  for (const [zh, aliases] of Object.entries(COUNTRY_ALIASES)) for (const en of aliases) zhOf.set(en.toLowerCase(), [zh]);
  const pairs = places
    .map(({ zh, en }) => ({
      zh: zh
        .replace(/（[^）]*）/g, '')
        .replace(ZH_QUALIFIERS, '')
        .trim(),
      parts: en
        .replace(/\([^)]*\)/g, '')
        .replace(/^(Near|Vicinity of|Off|Over) /i, '')
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    }))
    .filter(({ zh, parts }) => zh && parts.length > 0 && !/[A-Za-z0-9]/.test(zh));
  const learn = (en: string, zh: string) => {
    zhOf.set(en.toLowerCase(), [zh]);
    learned.set(en.toLowerCase(), { en, zh });
  };
  for (const { zh, parts } of pairs) if (parts.length === 1 && !zhOf.has(parts[0].toLowerCase())) learn(parts[0], zh);
  const prefix = (en: string, text: string) => zhOf.get(en.toLowerCase())?.find((zh) => text.startsWith(zh));
  const suffix = (en: string, text: string) => zhOf.get(en.toLowerCase())?.find((zh) => text.endsWith(zh));
  for (let changed = true; changed;) {
    changed = false;
    for (const { zh, parts } of pairs) {
      let rest = zh;
      let last = parts.length - 1;
      for (let known = prefix(parts[last], rest); last > 0 && known; known = prefix(parts[last], rest)) {
        rest = rest.slice(known.length);
        last--;
      }
      let first = 0;
      for (let known = suffix(parts[first], rest); first < last && known; known = suffix(parts[first], rest)) {
        rest = rest.slice(0, rest.length - known.length);
        first++;
      }
      if (first === last && rest && !zhOf.has(parts[first].toLowerCase())) {
        learn(parts[first], rest);
        changed = true;
      }
    }
  }
  // Only what the place names taught: the seeds are already in the glossary or are spellings (USA, UK).
  return new Map([...learned.values()].map(({ en, zh }) => [zh, en]));
}

export interface Translation {
  /** The English searched for, as the response shows it. */
  searchedFor: string;
  /** One entry per word or name found (each searched as a unit), plus the query's own Latin words. */
  concepts: string[];
  /** Chinese the glossary has no entry for (left out of the search). */
  unknown: string[];
}

/** Whether a query has Chinese in it (and so goes through the glossary). */
export function hasChinese(q: string): boolean {
  return CJK.test(q);
}

/**
 * Translates a query: its Chinese runs are cut into the longest glossary entries (left to right),
 * its Latin words kept. `simplify` maps Traditional characters to Simplified first.
 */
export function translateQuery(q: string, glossary: Glossary, simplify: (text: string) => string = (text) => text): Translation {
  const concepts: string[] = [];
  const unknown: string[] = [];
  const longest = Math.max(1, ...[...glossary.keys()].map((key) => key.length));
  for (const run of simplify(q).match(/[\u3400-\u9fff\uf900-\ufaff]+|[^\s\u3400-\u9fff\uf900-\ufaff]+/g) ?? []) {
    if (!CJK.test(run)) {
      concepts.push(run);
      continue;
    }
    let skipped = '';
    for (let i = 0; i < run.length;) {
      let found = '';
      for (let length = Math.min(longest, run.length - i); length > 0; length--) {
        if (glossary.has(run.slice(i, i + length))) {
          found = run.slice(i, i + length);
          break;
        }
      }
      if (found) {
        if (skipped) {
          unknown.push(skipped);
          skipped = '';
        }
        concepts.push(glossary.get(found)!);
        i += found.length;
      } else {
        skipped += run[i];
        i++;
      }
    }
    if (skipped) unknown.push(skipped);
  }
  const unique = [...new Set(concepts)];
  return { searchedFor: unique.join(' '), concepts: unique, unknown };
}
