/**
 * data/generic-sources.json: index and guide pages that say where records are kept but hold no
 * case's details (the National Archives' guide to the Blue Book records, the FBI Vault's front
 * page), and the cases whose facts such a page does hold, each with the reason.
 */
export interface GenericSources {
  about?: string;
  generic: { url: string; what: string }[];
  allowed: { id: string; reason: string }[];
}

/**
 * Every fact in `detail` rests on a source the case cites, so no case may cite only generic
 * pages (data/README.md#provenance): a case whose every source is generic fails, unless an
 * allow-list entry says why that page holds the case's facts. Entries for cases that no longer
 * need them are reported too.
 */
export function genericSourceProblems(cases: readonly { id: string; sources: { url: string }[] }[], table: GenericSources): string[] {
  const generic = new Set(table.generic.map((g) => g.url));
  const problems: string[] = [];
  const needed = new Set<string>();
  for (const c of cases) {
    if (!c.sources.length || !c.sources.every((s) => generic.has(s.url))) continue;
    needed.add(c.id);
    if (!table.allowed.some((a) => a.id === c.id && a.reason.trim())) {
      problems.push(
        `${c.id}: cites only generic pages (${c.sources.map((s) => s.url).join(', ')}); cite the record or an account that states its facts`,
      );
    }
  }
  for (const a of table.allowed) {
    if (!needed.has(a.id)) problems.push(`generic-sources.json: ${a.id} now cites a specific source; remove its entry`);
  }
  return problems;
}
