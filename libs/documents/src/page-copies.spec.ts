import {
  COPY_SIMILARITY,
  MAX_SHINGLE_PAGES,
  PageCopyFinder,
  shingles,
  shingleWords,
  SIGNATURE_SIZE,
  signatureSimilarity,
  writeSignature,
} from './page-copies';

/** Words that read as prose but repeat nothing, so shingles differ unless the text is copied. */
function prose(seed: number, words = 120): string {
  let state = seed;
  return Array.from({ length: words }, () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return `w${(state >>> 8).toString(36)}`;
  }).join(' ');
}

/** The text with every thirtieth word misread, as OCR of another scan would. */
function misread(text: string): string {
  return text
    .split(' ')
    .map((word, i) => (i % 30 === 15 ? `${word}x` : word))
    .join(' ');
}

function jaccard(a: Set<number>, b: Set<number>): number {
  const shared = [...a].filter((value) => b.has(value)).length;
  return shared / (a.size + b.size - shared);
}

describe('shingles', () => {
  it('reads words in lower case, letters and digits, two characters or more', () => {
    expect(shingleWords("MEMO to the Director, 9 Jul 47: a 'disc'.")).toEqual(['memo', 'to', 'the', 'director', 'jul', '47', 'disc']);
  });

  it('takes every run of three words once', () => {
    expect(shingles('one two three four').size).toBe(2);
    expect(shingles('one two three one two three').size).toBe(3);
    expect(shingles('one two').size).toBe(0);
  });
});

describe('MinHash signatures', () => {
  it('estimate the Jaccard similarity of two shingle sets', () => {
    const a = shingles(prose(1, 400));
    const b = shingles(misread(prose(1, 400)));
    const signatures = new Uint32Array(2 * SIGNATURE_SIZE);
    writeSignature(a, signatures, 0);
    writeSignature(b, signatures, SIGNATURE_SIZE);
    // 128 values: the estimate's standard error is about 0.04.
    expect(Math.abs(signatureSimilarity(signatures, 0, 1) - jaccard(a, b))).toBeLessThan(0.15);
  });

  it('agree entirely for the same text and hardly for different texts', () => {
    const signatures = new Uint32Array(3 * SIGNATURE_SIZE);
    writeSignature(shingles(prose(1)), signatures, 0);
    writeSignature(shingles(prose(1)), signatures, SIGNATURE_SIZE);
    writeSignature(shingles(prose(2)), signatures, 2 * SIGNATURE_SIZE);
    expect(signatureSimilarity(signatures, 0, 1)).toBe(1);
    expect(signatureSimilarity(signatures, 0, 2)).toBeLessThan(0.1);
  });
});

const document = (id: string, texts: string[]) => ({
  id,
  title: `Title of ${id}`,
  pageCount: texts.length,
  pages: texts.map((text, i) => ({ page: i + 1, text })),
});

describe('PageCopyFinder', () => {
  it('finds a page copied into other documents, misread or not, and only it', () => {
    const finder = new PageCopyFinder();
    finder.add(document('fbi', [prose(10), prose(1), prose(11)]));
    finder.add(document('nsa', [misread(prose(1))]));
    finder.add(document('nara', [prose(12), prose(1)]));
    const found = finder.find();
    expect(found).toMatchObject({ pairs: 3, groups: 1, pagesWithCopies: 3 });
    const copies = found.copiesOf('fbi', 2);
    expect(copies.map(({ documentId, page, title }) => [documentId, page, title])).toEqual([
      ['nara', 2, 'Title of nara'],
      ['nsa', 1, 'Title of nsa'],
    ]);
    expect(copies[0].similarity).toBe(1);
    expect(copies[1].similarity).toBeGreaterThanOrEqual(COPY_SIMILARITY);
    expect(found.copiesOf('fbi', 1)).toEqual([]);
  });

  it("lists the documents holding copies of half a document's pages or more, with the share", () => {
    const finder = new PageCopyFinder();
    finder.add(document('fbi', [prose(10), prose(1), prose(11)]));
    finder.add(document('nsa', [prose(1)]));
    finder.add(document('nara', [prose(12), prose(1)]));
    const found = finder.find();
    expect(found.duplicatesOf('nsa')).toEqual([
      { documentId: 'fbi', title: 'Title of fbi', pages: 1, share: 1 },
      { documentId: 'nara', title: 'Title of nara', pages: 1, share: 1 },
    ]);
    expect(found.duplicatesOf('nara').map(({ documentId, share }) => [documentId, share])).toEqual([
      ['fbi', 0.5],
      ['nsa', 0.5],
    ]);
    expect(found.duplicatesOf('fbi')).toEqual([]);
  });

  it('leaves out copies within one document and pages too short to judge', () => {
    const finder = new PageCopyFinder();
    finder.add(document('fbi', [prose(1), prose(1)]));
    finder.add(document('nsa', ['Page intentionally left blank.']));
    finder.add(document('nara', ['Page intentionally left blank.']));
    expect(finder.find()).toMatchObject({ pairs: 0, groups: 0, pagesWithCopies: 0 });
  });

  it("does not take a printed form's questions, on many pages, for a copy", () => {
    const form = prose(99, 200);
    const finder = new PageCopyFinder();
    // The same form filled in on more pages than MAX_SHINGLE_PAGES, each with its own answers.
    for (let i = 0; i <= MAX_SHINGLE_PAGES; i++) finder.add(document(`card-${i}`, [`${form} ${prose(200 + i, 60)}`]));
    const found = finder.find();
    expect(found.pairs).toBe(0);
  });
});
