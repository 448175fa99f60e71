/**
 * Near-duplicate pages across the corpus: the same memo standing in several files (the FBI
 * Vault's UFO file and the FBI sections of the PURSUE releases, a letter filed in several
 * places). Each page's words become shingles (runs of SHINGLE_WORDS words). Shingles that stand
 * on more than MAX_SHINGLE_PAGES pages of the corpus are dropped first: they are a printed form's
 * questions, a withdrawal sheet's boilerplate, a report template's headings, which would make
 * every filled-in copy of a form look like every other; what is left is what the page itself
 * says. A MinHash signature of SIGNATURE_SIZE values then estimates the Jaccard similarity of two
 * pages' remaining shingles; LSH (BANDS bands of ROWS values) proposes the pairs worth comparing,
 * so the corpus is never compared page by page; a pair is a copy when its signatures agree on
 * COPY_SIMILARITY of their values or more. Memory is typed arrays: each page's shingle hashes
 * until the signatures are made, a byte-counter table of how many pages hold each shingle, and
 * SIGNATURE_SIZE * 4 bytes a page.
 *
 * Written here rather than taken from npm: the MinHash packages there (`minhash` 0.0.x,
 * `bloom-filters`' MinHash) hash one value at a time through their own objects, keep no flat
 * signature array and have no way to drop common shingles; this is a few dozen lines, pure and
 * unit-tested.
 */

/** Words per shingle: three survive scattered OCR misreads (each breaks three shingles), yet two different pages rarely share many. */
export const SHINGLE_WORDS = 3;
export const SIGNATURE_SIZE = 128;
export const BANDS = 32;
export const ROWS = SIGNATURE_SIZE / BANDS;
/** Estimated Jaccard similarity from which two pages count as copies (checked by hand on a sample: docs/documents.md). */
export const COPY_SIMILARITY = 0.7;
/** A shingle on more pages than this is a form's or a template's, not a page's own (a memo is rarely filed in more places). */
export const MAX_SHINGLE_PAGES = 8;
/** Slots of the table counting the pages that hold each shingle (by hash; a collision only overcounts, so a shingle is at worst dropped). */
const SHINGLE_COUNTER_SLOTS = 1 << 25;
/** Pages with fewer distinct shingles than this (blank, a stamp, a line of noise) have no copies: too little to tell a copy from chance. */
export const MIN_SHINGLES = 25;
/** Share of a document's pages with a copy in another document from which it is listed as largely duplicating it. */
export const LARGELY_DUPLICATES = 0.5;
/** Copies kept per page (the most similar first): a page standing in more files than this is rare, and the page read stays small. */
export const MAX_COPIES_PER_PAGE = 20;

/** The words of a page as the shingles see them: lower case, letters and digits, words of two characters or more (OCR's stray letters dropped). */
export function shingleWords(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]{2,}/g) ?? [];
}

/** FNV-1a, 32 bits: a word's hash. */
function hashWord(word: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** Murmur3's finaliser: a bijection of 32-bit integers that mixes every bit. */
function mix(value: number): number {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The distinct shingle hashes of a page. */
export function shingles(text: string): Set<number> {
  const hashes = shingleWords(text).map(hashWord);
  const set = new Set<number>();
  for (let i = 0; i + SHINGLE_WORDS <= hashes.length; i++) {
    let shingle = 0;
    for (let j = 0; j < SHINGLE_WORDS; j++) shingle = mix(Math.imul(shingle, 31) + hashes[i + j]);
    set.add(shingle);
  }
  return set;
}

/** One seed per signature value; each value is the least of mix(shingle ^ seed), a permutation of the shingles. */
const SEEDS = Array.from({ length: SIGNATURE_SIZE }, (_, i) => mix(0x9e3779b9 + i * 0x7f4a7c15));

/** The MinHash signature of a shingle set, written into `into` at `offset`. */
export function writeSignature(set: Iterable<number>, into: Uint32Array, offset: number): void {
  into.fill(0xffffffff, offset, offset + SIGNATURE_SIZE);
  for (const shingle of set) {
    for (let i = 0; i < SIGNATURE_SIZE; i++) {
      const value = mix(shingle ^ SEEDS[i]);
      if (value < into[offset + i]) into[offset + i] = value;
    }
  }
}

/** The share of signature values two pages agree on: an estimate of their shingles' Jaccard similarity. */
export function signatureSimilarity(signatures: Uint32Array, a: number, b: number): number {
  let equal = 0;
  const x = a * SIGNATURE_SIZE;
  const y = b * SIGNATURE_SIZE;
  for (let i = 0; i < SIGNATURE_SIZE; i++) if (signatures[x + i] === signatures[y + i]) equal++;
  return equal / SIGNATURE_SIZE;
}

/** A page of the corpus by its document and number. */
export interface PageRef {
  documentId: string;
  page: number;
}

/** Another copy of a page: where it stands, its document's title, and how alike the two are (estimated Jaccard, two decimals). */
export interface PageCopy extends PageRef {
  title: string;
  similarity: number;
}

/** A document that holds copies of most of another's pages: how many of that one's pages, and their share of it. */
export interface DuplicatedDocument {
  documentId: string;
  title: string;
  pages: number;
  share: number;
}

export interface CopyFindings {
  /** Pairs of pages (in different documents) found to be copies. */
  pairs: number;
  /** Groups of pages joined by copies (connected through pairs). */
  groups: number;
  /** Pages with at least one copy. */
  pagesWithCopies: number;
  copiesOf(documentId: string, page: number): PageCopy[];
  /** The documents this one largely duplicates: those holding copies of LARGELY_DUPLICATES of its pages or more, most first. */
  duplicatesOf(documentId: string): DuplicatedDocument[];
}

/**
 * Collects every page's shingles (and counts the pages holding each), then makes the signatures
 * and finds the copies. No text is kept (the ingest reads the corpus twice and holds no text
 * between the passes).
 */
export class PageCopyFinder {
  /** Per page with enough text: its distinct shingle hashes, until find() turns them into a signature. */
  private pageShingles: Uint32Array[] = [];
  private readonly shinglePages = new Uint8Array(SHINGLE_COUNTER_SLOTS);
  private signatures = new Uint32Array(0);
  /** Per page with enough text: its document (index into documents) and page number. */
  private pageDocument: number[] = [];
  private pageNumber: number[] = [];
  private readonly documents: { id: string; title: string; pageCount: number }[] = [];

  /** Adds a document's pages; pages too short to judge are left out, and so have no copies. */
  add(document: { id: string; title: string; pageCount: number; pages: { page: number; text: string }[] }): void {
    const index = this.documents.push({ id: document.id, title: document.title, pageCount: document.pageCount }) - 1;
    for (const page of document.pages) {
      const set = shingles(page.text);
      if (set.size < MIN_SHINGLES) continue;
      const hashes = Uint32Array.from(set);
      for (const shingle of hashes) {
        const slot = shingle & (SHINGLE_COUNTER_SLOTS - 1);
        if (this.shinglePages[slot] < 255) this.shinglePages[slot]++;
      }
      this.pageShingles.push(hashes);
      this.pageDocument.push(index);
      this.pageNumber.push(page.page);
    }
  }

  /** Each page's signature over its own shingles (those on at most MAX_SHINGLE_PAGES pages); a page left with too few is never a copy. */
  private sign(): boolean[] {
    const count = this.pageShingles.length;
    this.signatures = new Uint32Array(count * SIGNATURE_SIZE);
    const signed = this.pageShingles.map((hashes, page) => {
      const own = hashes.filter((shingle) => this.shinglePages[shingle & (SHINGLE_COUNTER_SLOTS - 1)] <= MAX_SHINGLE_PAGES);
      if (own.length < MIN_SHINGLES) return false;
      writeSignature(own, this.signatures, page * SIGNATURE_SIZE);
      return true;
    });
    this.pageShingles = [];
    return signed;
  }

  find(): CopyFindings {
    const signed = this.sign();
    const count = this.pageDocument.length;
    const candidates = this.candidatePairs(count, signed);
    const copies = new Map<number, { other: number; similarity: number }[]>();
    const parent = Array.from({ length: count }, (_, i) => i);
    const root = (i: number): number => {
      while (parent[i] !== i) i = parent[i] = parent[parent[i]];
      return i;
    };
    let pairs = 0;
    for (const [a, b] of candidates) {
      const similarity = signatureSimilarity(this.signatures, a, b);
      if (similarity < COPY_SIMILARITY) continue;
      pairs++;
      const rounded = Math.round(similarity * 100) / 100;
      for (const [x, y] of [
        [a, b],
        [b, a],
      ]) {
        const list = copies.get(x) ?? [];
        list.push({ other: y, similarity: rounded });
        copies.set(x, list);
      }
      parent[root(a)] = root(b);
    }
    const groups = new Set([...copies.keys()].map(root)).size;
    return this.findings(copies, pairs, groups);
  }

  /** Pairs of pages of different documents sharing a band of their signatures, each once. */
  private candidatePairs(count: number, signed: boolean[]): [number, number][] {
    const seen = new Set<number>();
    const pairs: [number, number][] = [];
    for (let band = 0; band < BANDS; band++) {
      const buckets = new Map<string, number[]>();
      for (let page = 0; page < count; page++) {
        if (!signed[page]) continue;
        const start = page * SIGNATURE_SIZE + band * ROWS;
        const key = this.signatures.subarray(start, start + ROWS).join(',');
        const bucket = buckets.get(key);
        if (bucket) bucket.push(page);
        else buckets.set(key, [page]);
      }
      for (const bucket of buckets.values()) {
        for (let i = 0; i < bucket.length; i++) {
          for (let j = i + 1; j < bucket.length; j++) {
            const a = bucket[i];
            const b = bucket[j];
            if (this.pageDocument[a] === this.pageDocument[b]) continue;
            const key = a * count + b;
            if (seen.has(key)) continue;
            seen.add(key);
            pairs.push([a, b]);
          }
        }
      }
    }
    return pairs;
  }

  private findings(copies: Map<number, { other: number; similarity: number }[]>, pairs: number, groups: number): CopyFindings {
    const byPage = new Map<string, PageCopy[]>();
    // Per document: per other document, how many of its pages have a copy there.
    const shared = new Map<number, Map<number, number>>();
    for (const [slot, list] of copies) {
      const documentIndex = this.pageDocument[slot];
      const document = this.documents[documentIndex];
      const sorted = list
        .map(({ other, similarity }) => ({ other, similarity, document: this.documents[this.pageDocument[other]] }))
        .sort(
          (x, y) => y.similarity - x.similarity || x.document.id.localeCompare(y.document.id) || this.pageNumber[x.other] - this.pageNumber[y.other],
        );
      byPage.set(
        `${document.id}:${this.pageNumber[slot]}`,
        sorted
          .slice(0, MAX_COPIES_PER_PAGE)
          .map(({ other, similarity, document: copy }) => ({ documentId: copy.id, page: this.pageNumber[other], title: copy.title, similarity })),
      );
      const counts = shared.get(documentIndex) ?? new Map<number, number>();
      for (const otherDocument of new Set(list.map(({ other }) => this.pageDocument[other]))) {
        counts.set(otherDocument, (counts.get(otherDocument) ?? 0) + 1);
      }
      shared.set(documentIndex, counts);
    }
    const duplicates = new Map<string, DuplicatedDocument[]>();
    for (const [documentIndex, counts] of shared) {
      const document = this.documents[documentIndex];
      const largely = [...counts]
        .map(([other, pages]) => ({ other: this.documents[other], pages, share: pages / document.pageCount }))
        .filter(({ share }) => share >= LARGELY_DUPLICATES)
        .sort((x, y) => y.share - x.share || x.other.id.localeCompare(y.other.id))
        .map(({ other, pages, share }) => ({ documentId: other.id, title: other.title, pages, share: Math.round(share * 100) / 100 }));
      if (largely.length > 0) duplicates.set(document.id, largely);
    }
    return {
      pairs,
      groups,
      pagesWithCopies: copies.size,
      copiesOf: (documentId, page) => byPage.get(`${documentId}:${page}`) ?? [],
      duplicatesOf: (documentId) => duplicates.get(documentId) ?? [],
    };
  }
}
