import { CorpusFormatError, type CorpusPage } from './corpus-document';

/**
 * A transcript's "page": consecutive segments up to about this many characters, so a hit points
 * at a stretch of the video a reader can jump to (its start) rather than at the whole video.
 */
export const TRANSCRIPT_PAGE_CHARS = 1_500;

export interface TranscriptSegment {
  startMs: number;
  endMs: number;
  text: string;
}

/** Parses a speech-to-text `.tsv` (`start`, `end`, `text`; times in ms), naming the file and line of any defect. */
export function parseTranscriptSegments(file: string, content: string): TranscriptSegment[] {
  const lines = content.replace(/^\uFEFF/, '').split(/\r?\n/);
  if ((lines[0] ?? '').trim() !== 'start\tend\ttext') throw new CorpusFormatError(file, 'line 1 is not the header start<TAB>end<TAB>text');
  const segments: TranscriptSegment[] = [];
  for (let i = 1; i < lines.length; i++) {
    if (lines[i].trim() === '') continue;
    const [start, end, ...rest] = lines[i].split('\t');
    if (!/^\d+$/.test(start ?? '') || !/^\d+$/.test(end ?? '') || rest.length === 0) {
      throw new CorpusFormatError(file, `line ${i + 1}: expected start ms<TAB>end ms<TAB>text`);
    }
    segments.push({ startMs: Number(start), endMs: Number(end), text: rest.join('\t').trim() });
  }
  return segments;
}

/** Groups segments into pages of at most TRANSCRIPT_PAGE_CHARS (a longer segment is a page of its own). */
export function transcriptPages(segments: TranscriptSegment[], pageChars = TRANSCRIPT_PAGE_CHARS): CorpusPage[] {
  const pages: CorpusPage[] = [];
  let texts: string[] = [];
  let startMs = 0;
  let length = 0;
  const flush = () => {
    if (texts.length === 0) return;
    pages.push({ page: pages.length + 1, text: texts.join('\n'), startMs });
    texts = [];
    length = 0;
  };
  for (const segment of segments) {
    if (length > 0 && length + segment.text.length + 1 > pageChars) flush();
    if (texts.length === 0) startMs = segment.startMs;
    texts.push(segment.text);
    length += segment.text.length + 1;
  }
  flush();
  if (pages.length === 0) pages.push({ page: 1, text: '', startMs: 0 });
  return pages;
}
