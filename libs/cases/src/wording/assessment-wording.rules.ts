/**
 * Words that made official assessments stronger than their sources: AARO says an object was
 * "likely" something, and case files had said "most likely"; an assessment that only supports a
 * date was said to "confirm" it. Each pattern is one known inflation, in the language it occurs in.
 */
export const INFLATED_WORDS: { word: string; lang: 'en' | 'zh'; pattern: RegExp }[] = [
  { word: 'most likely', lang: 'en', pattern: /\bmost likely\b/i },
  { word: 'confirms', lang: 'en', pattern: /\bconfirms\b/i },
  { word: 'proves', lang: 'en', pattern: /\bprov(?:es|ed|en)\b/i },
  { word: '最有可能', lang: 'zh', pattern: /最有可能|极有可能|极可能/ },
  { word: '确认了', lang: 'zh', pattern: /确认了|仅确认|证实了/ },
  // "无法证明", "不能证明", "尚无证据证明", "试图证明" deny or attempt a proof, and are not inflations.
  { word: '证明', lang: 'zh', pattern: /(?<!无法|不能|未能|证据|试图)证明(?!力)/ },
];

/** data/wording-allowlist.json: a case whose own source uses the word, and why that is so. */
export interface WordingAllowance {
  id: string;
  word: string;
  reason: string;
}

interface Texts {
  id: string;
}

/** Every string in a `{zh, en}` pair anywhere in the record, by language. */
function texts(value: unknown, lang: 'en' | 'zh'): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => texts(item, lang));
  if (value === null || typeof value !== 'object') return [];
  const object = value as Record<string, unknown>;
  if (typeof object.en === 'string' && typeof object.zh === 'string') return [object[lang] as string];
  return Object.values(object).flatMap((child) => texts(child, lang));
}

/**
 * The wording rule of data/README.md#writing: no case uses a known inflation ("most likely",
 * "confirms", "proves" and their Chinese equivalents) unless an allow-list entry says its source
 * uses that word, with the reason. An entry that no longer matches anything is reported too, so the
 * list never outlives the words it excuses.
 */
export function wordingProblems(cases: readonly Texts[], allowed: readonly WordingAllowance[]): string[] {
  const problems: string[] = [];
  const used = new Set<WordingAllowance>();
  for (const c of cases) {
    // The change history may name a word it took out ("no longer 'most likely'").
    const content = { ...c, revisions: undefined };
    for (const { word, lang, pattern } of INFLATED_WORDS) {
      const hit = texts(content, lang).find((text) => pattern.test(text));
      if (!hit) continue;
      const allowance = allowed.find((a) => a.id === c.id && a.word === word);
      if (allowance) used.add(allowance);
      else {
        const at = hit.search(pattern);
        problems.push(
          `${c.id}: "${word}" (…${hit.slice(Math.max(0, at - 40), at + 40)}…) is stronger than an assessment usually says; use the source's own word, or add a reasoned entry to data/wording-allowlist.json`,
        );
      }
    }
  }
  for (const a of allowed) {
    if (!a.reason?.trim()) problems.push(`wording-allowlist.json: ${a.id} "${a.word}" gives no reason`);
    if (!used.has(a)) problems.push(`wording-allowlist.json: ${a.id} no longer uses "${a.word}"; remove the entry`);
  }
  return problems;
}
