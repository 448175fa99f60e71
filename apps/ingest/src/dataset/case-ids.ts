import { linkedIds, linkProblems, NO_LINKS, type RelatedIdProblem } from '@app/cases';

/** An id whose links are not the usual: it has links, or came first without a list of them. */
interface UnusualId {
  /** The record that first had the id. */
  first: number;
  /** The last list of links given with the id; none when no record with it had a list. */
  links?: readonly string[];
  /** The first record with the id that had a list of links (relatedIdProblems' order). */
  listedAt?: number;
}

/**
 * What the ingest's first pass keeps of each case for the rules that span records, which it can
 * only check once every record is read: the case's id, the record that first had it (for the
 * duplicate message) and, for the few cases that link to others, their links. Records stream by
 * and are dropped, so this is the only state that grows with the dataset: one Map entry per case,
 * about 70 bytes on the heap with a 17-character id (measured at a million synthetic cases).
 * The link rule is relatedIdProblems' own (linkProblems), with the same problems in the same order.
 */
export class CaseIds {
  /** Each id's first record number, when its links are the usual empty list; an UnusualId otherwise. */
  private readonly ids = new Map<string, number | UnusualId>();

  get size(): number {
    return this.ids.size;
  }

  /**
   * Takes a record's id (record numbers count from 1) and its `relatedIds` as read. Returns the
   * number of the record that had the id first when an earlier one did, else undefined.
   */
  add(id: string, record: number, relatedIds: unknown): number | undefined {
    const links = Array.isArray(relatedIds) ? linkedIds(relatedIds) : undefined;
    const known = this.ids.get(id);
    if (known === undefined) {
      this.ids.set(id, links === NO_LINKS ? record : { first: record, links, listedAt: links && record });
      return undefined;
    }
    const first = typeof known === 'number' ? known : known.first;
    // A later list replaces the earlier one, as in relatedIdProblems.
    if (links) {
      const listedAt = typeof known === 'number' ? known : (known.listedAt ?? record);
      this.ids.set(id, links === NO_LINKS && listedAt === first ? first : { first, links, listedAt });
    }
    return first;
  }

  /** relatedIdProblems for the records added, named by id. */
  linkProblems(): RelatedIdProblem[] {
    const linking: { id: string; links: readonly string[]; listedAt: number }[] = [];
    for (const [id, entry] of this.ids) {
      if (typeof entry !== 'number' && entry.links && entry.links.length > 0) linking.push({ id, links: entry.links, listedAt: entry.listedAt! });
    }
    linking.sort((a, b) => a.listedAt - b.listedAt);
    return linkProblems(
      linking.map(({ id, links }) => [id, links] as const),
      { get: (id) => this.linksOf(id) },
    );
  }

  private linksOf(id: string): readonly string[] | undefined {
    const entry = this.ids.get(id);
    return typeof entry === 'number' ? NO_LINKS : entry?.links;
  }
}
