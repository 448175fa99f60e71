/** What a Project Blue Book record card (ATIC Form 329, "Project 10073 Record Card") tells about its sighting. */
export interface RecordCard {
  /** `YYYY-MM-DD`. */
  date?: string;
  /** The card's LOCATION as OCR read it (`Delano, California`). */
  place?: string;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** `26 Aug 52`, `5 June 1954`, `12 Jan 67`: Blue Book ran from 1947 to 1969, so two digits are 19xx. */
const CARD_DATE = /\b(\d{1,2})\s*(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?[\s,]+(19[4-6]\d|[4-6]\d)\b/gi;
/** The form's own revision date (`ATIC FORM 329 (REV 26 SEP 52)`) is no sighting's date. */
const FORM_REVISION = /REV\.?\s*$/i;
/** `Delano, California`, `Schenectody, New York:`: a place line of the card. */
const PLACE_LINE = /^([A-Z][A-Za-z.' -]{1,40}),\s*([A-Z][A-Za-z. ]{2,30}?)[:.]?$/;
const LABEL = /^\s*(\d+\s*[.,]\s*)?[A-Z .•-]+$/;

/**
 * Reads the date and place off a record card, when page 1 is one. OCR reads forms worst, so a
 * field it could not place is left out rather than guessed; the place is shown as read.
 */
export function readRecordCard(firstPage: string): RecordCard | null {
  if (!/RECORD\s+CARD/i.test(firstPage)) return null;
  const card: RecordCard = {};
  const date = [...firstPage.matchAll(CARD_DATE)].find((match) => !FORM_REVISION.test(firstPage.slice(Math.max(0, match.index - 6), match.index)));
  if (date) {
    const year = date[3].length === 2 ? `19${date[3]}` : date[3];
    const day = Number(date[1]);
    if (day >= 1 && day <= 31) card.date = `${year}-${pad(MONTHS.indexOf(date[2].toLowerCase()) + 1)}-${pad(day)}`;
  }
  const lines = firstPage.split('\n').map((line) => line.trim());
  const labelAt = lines.findIndex((line) => /LOCATION\s*$/i.test(line));
  const candidates = labelAt >= 0 ? [...lines.slice(labelAt + 1), ...lines.slice(0, labelAt)] : lines;
  const place = candidates.find((line) => PLACE_LINE.test(line) && !LABEL.test(line));
  if (place) card.place = place.replace(/[:.]$/, '');
  return card.date || card.place ? card : null;
}

/** `Project Blue Book record card: 26 August 1952, Schenectady, New York`. */
export function recordCardTitle(card: RecordCard): string {
  const parts = [card.date ? displayDate(card.date) : undefined, card.place].filter(Boolean);
  return `Project Blue Book record card: ${parts.join(', ')}`;
}

function displayDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number);
  return `${day} ${MONTH_NAMES[month - 1]} ${year}`;
}

function pad(n: number): string {
  return n.toString().padStart(2, '0');
}
