/** One broken link: the case that holds it, and what is wrong. */
export interface RelatedIdProblem {
  record: string;
  field: string;
  message: string;
}

/**
 * `relatedIds` ties together cases that may be one incident told by several records (a Release 01
 * mission report and a Release 02 video of the same day and area). A link must name a case that
 * exists, never the case itself, and go both ways, so a reader who lands on either record finds
 * the other. Pure, so data/README.md's rule is unit-tested on broken copies.
 */
export function relatedIdProblems(records: readonly { id?: unknown; relatedIds?: unknown }[]): RelatedIdProblem[] {
  const links = new Map<string, string[]>();
  for (const record of records) {
    if (typeof record.id === 'string' && Array.isArray(record.relatedIds)) {
      links.set(
        record.id,
        record.relatedIds.filter((id): id is string => typeof id === 'string'),
      );
    }
  }
  const problems: RelatedIdProblem[] = [];
  for (const [id, related] of links) {
    related.forEach((other, i) => {
      const field = `relatedIds[${i}]`;
      if (other === id) problems.push({ record: id, field, message: 'names the case itself' });
      else if (related.indexOf(other) !== i) problems.push({ record: id, field, message: `repeats ${other}` });
      else if (!links.has(other)) problems.push({ record: id, field, message: `${other} is not a case in the dataset` });
      else if (!links.get(other)!.includes(id)) problems.push({ record: id, field, message: `${other} does not link back (links go both ways)` });
    });
  }
  return problems;
}
