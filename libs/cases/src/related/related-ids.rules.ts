/** One broken link: the case that holds it, and what is wrong. */
export interface RelatedIdProblem {
  record: string;
  field: string;
  message: string;
}

/** The links of a case that links to none: one shared list, so a store of millions of cases need not hold one each. */
export const NO_LINKS: readonly string[] = Object.freeze([]);

/** The ids a `relatedIds` list names; an entry that is not a string is the record's own validation's to report. */
export function linkedIds(relatedIds: readonly unknown[]): readonly string[] {
  return relatedIds.length === 0 ? NO_LINKS : relatedIds.filter((id): id is string => typeof id === 'string');
}

/**
 * `relatedIds` ties together cases that may be one incident told by several records (a Release 01
 * mission report and a Release 02 video of the same day and area). A link must name a case that
 * exists, never the case itself, and go both ways, so a reader who lands on either record finds
 * the other. Pure, so data/README.md's rule is unit-tested on broken copies.
 */
export function relatedIdProblems(records: readonly { id?: unknown; relatedIds?: unknown }[]): RelatedIdProblem[] {
  // Every case with a list of links (the last one when an id repeats), in the order its id first came with one.
  const links = new Map<string, readonly string[]>();
  for (const record of records) {
    if (typeof record.id === 'string' && Array.isArray(record.relatedIds)) links.set(record.id, linkedIds(record.relatedIds));
  }
  return linkProblems(links, links);
}

/**
 * The rule itself, over any store of the links: `linking` gives each case that links to others with
 * its links, in the order the cases came (a case that links to none breaks no link, so a store may
 * leave it out); `listed` gives the links of any case that has a list, and nothing for an id that
 * is no case (or a record without a list). The ingest's first pass keeps its own compact store.
 */
export function linkProblems(
  linking: Iterable<readonly [string, readonly string[]]>,
  listed: { get(id: string): readonly string[] | undefined },
): RelatedIdProblem[] {
  const problems: RelatedIdProblem[] = [];
  for (const [id, related] of linking) {
    related.forEach((other, i) => {
      const field = `relatedIds[${i}]`;
      const back = listed.get(other);
      if (other === id) problems.push({ record: id, field, message: 'names the case itself' });
      else if (related.indexOf(other) !== i) problems.push({ record: id, field, message: `repeats ${other}` });
      else if (back === undefined) problems.push({ record: id, field, message: `${other} is not a case in the dataset` });
      else if (!back.includes(id)) problems.push({ record: id, field, message: `${other} does not link back (links go both ways)` });
    });
  }
  return problems;
}
