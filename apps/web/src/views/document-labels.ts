import type { DocumentHit } from '../api/documents-client';
import { enumLabel, t } from '../i18n/i18n';
import type { MessageKey } from '../i18n/messages';

/** Where a transcript's part starts in its video: `m:ss`, or `h:mm:ss` past an hour. */
export function formatStart(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const [hours, minutes, rest] = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(rest)}` : `${minutes}:${two(rest)}`;
}

/** Whether the government's link is the PDF itself (war.gov) rather than a catalog or collection page. */
export function isPdfUrl(url: string): boolean {
  try {
    return /\.pdf$/i.test(new URL(url).pathname);
  } catch {
    return false;
  }
}

/** The notice for how a page's text was made, in the reader's language. */
export function machineNoticeKey(method: DocumentHit['textMethod']): MessageKey {
  if (method === 'speech-to-text') return 'noticeSpeech';
  if (method === 'embedded-text') return 'noticeEmbedded';
  return 'noticeOcr';
}

export function releaseLabel(release: number): string {
  return enumLabel(`PURSUE-${release}`);
}

/** A paged file reads as a document in both languages; a transcript as a video transcript. */
export function kindLabel(kind: string): string {
  return enumLabel(kind);
}

/** "the government's PDF" for a war.gov file, "the government's original" for a catalog record or collection page. */
export function governmentLinkLabel(url: string): string {
  return t(isPdfUrl(url) ? 'governmentPdf' : 'governmentOriginal');
}
