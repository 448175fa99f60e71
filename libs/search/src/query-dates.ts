/**
 * Dates in a query, as people write them: ISO (1964-04-24, 1964-04), US (4/24/64, 4/24/1964),
 * European (24.4.1964, 24/4/1964), written out (24 April 1964, April 24th, 1964, Apr 1964), Chinese
 * (1964年4月24日, 一九六四年四月二十四日, 六四年四月), and a year alone (1964). Each becomes the span
 * of days it names, which a keyword query then looks for in the incident date (see keywordClauses):
 * the words of a date are not words of the record.
 */

/** The days a date in a query names, `YYYY-MM-DD`, both inclusive. */
export interface QueryDate {
  from: string;
  to: string;
}

/** A date found in a query: the days it may name (two for 4/5/64, which is April or May) and where it is. */
interface FoundDate {
  start: number;
  end: number;
  dates: QueryDate[];
}

/**
 * A two-digit year is of this century up to here, else of the last (64 -> 1964, 19 -> 2019). The
 * archive's cases run from the 1940s; a pivot of 30 reads every two-digit year a case can have.
 */
const TWO_DIGIT_PIVOT = 30;
const FIRST_YEAR = 1900;
const LAST_YEAR = 2099;

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
/** A month's name, whole or its first three letters (and "sept"). */
const MONTH_NAME =
  '(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\\.?';
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';
const YEAR4 = '(\\d{4})';
const YEAR = '(\\d{4}|\\d{2})';
/** Han numerals as written in dates: digit by digit for years (一九六四), with 十 for days (二十四). */
const HAN_DIGITS = '〇零一二三四五六七八九';
const HAN_NUMBER = `[${HAN_DIGITS}十]+`;

/** Where a date may stand: not inside a word or a longer number (the 1952 of "B1952", the 12 of "123"). */
const BEFORE = '(?<![\\p{L}\\p{N}])';
const AFTER = '(?![\\p{L}\\p{N}])';

interface DateForm {
  pattern: RegExp;
  read: (m: RegExpExecArray) => QueryDate[];
}

const FORMS: DateForm[] = [
  // ISO, and the same with slashes or dots: 1964-04-24, 1964/4/24, 1964.04.24.
  { pattern: new RegExp(`${BEFORE}${YEAR4}[-/.](\\d{1,2})[-/.](\\d{1,2})${AFTER}`, 'gu'), read: (m) => day(m[1], m[2], m[3]) },
  // Day or month first, both read where the numbers allow (4/24/64 is US, 24/4/1964 European, 4/5/64 either).
  {
    pattern: new RegExp(`${BEFORE}(\\d{1,2})([-/.])(\\d{1,2})\\2${YEAR}${AFTER}`, 'gu'),
    read: (m) => [...day(m[4], m[1], m[3]), ...day(m[4], m[3], m[1])].filter(unique),
  },
  // 24 April 1964, 24th of April, 1964, 24 Apr 64.
  { pattern: new RegExp(`${BEFORE}${DAY}\\s+(?:of\\s+)?${MONTH_NAME},?\\s+${YEAR}${AFTER}`, 'giu'), read: (m) => day(m[3], monthOf(m[2]), m[1]) },
  // April 24, 1964; April 24th 1964.
  { pattern: new RegExp(`${BEFORE}${MONTH_NAME}\\s+${DAY},?\\s+${YEAR}${AFTER}`, 'giu'), read: (m) => day(m[3], monthOf(m[1]), m[2]) },
  // April 1964, Apr. 1964.
  { pattern: new RegExp(`${BEFORE}${MONTH_NAME},?\\s+${YEAR4}${AFTER}`, 'giu'), read: (m) => month(m[2], monthOf(m[1])) },
  // ISO month: 1964-04.
  { pattern: new RegExp(`${BEFORE}${YEAR4}-(\\d{2})${AFTER}`, 'gu'), read: (m) => month(m[1], m[2]) },
  // 1964年4月24日, 64年4月24日, 一九六四年四月二十四日 (日 or 号).
  {
    pattern: new RegExp(`(\\d{4}|\\d{2}|[${HAN_DIGITS}]{2,4})年(\\d{1,2}|${HAN_NUMBER})月(\\d{1,2}|${HAN_NUMBER})[日号號]`, 'gu'),
    read: (m) => day(hanDigits(m[1]), hanNumber(m[2]), hanNumber(m[3])),
  },
  // 1964年4月, 六四年四月.
  {
    pattern: new RegExp(`(\\d{4}|\\d{2}|[${HAN_DIGITS}]{2,4})年(\\d{1,2}|${HAN_NUMBER})月`, 'gu'),
    read: (m) => month(hanDigits(m[1]), hanNumber(m[2])),
  },
  // 1964年: a year, in Chinese.
  { pattern: new RegExp(`(\\d{4}|[${HAN_DIGITS}]{4})年`, 'gu'), read: (m) => year(hanDigits(m[1])) },
  // A year alone: 1964 (not the end of a date no form could read, 13/13/1964).
  { pattern: /(?<![\p{L}\p{N}/.-])(\d{4})(?![\p{L}\p{N}]|[/.-]\d)/gu, read: (m) => year(m[1]) },
];

/**
 * The dates `q` names and `q` without them (each date's words replaced by a space, then spaces
 * collapsed). Forms are tried in order, the most specific first; a stretch of `q` already read as
 * a date is not read again (the 1964 of 24 April 1964 is not a year of its own).
 */
export function findDates(q: string): { dates: QueryDate[]; rest: string } {
  const text = q.normalize('NFKC');
  const found: FoundDate[] = [];
  for (const form of FORMS) {
    for (const m of text.matchAll(form.pattern)) {
      const start = m.index;
      const end = start + m[0].length;
      if (found.some((date) => start < date.end && end > date.start)) continue;
      const dates = form.read(m as RegExpExecArray);
      if (dates.length > 0) found.push({ start, end, dates });
    }
  }
  if (found.length === 0) return { dates: [], rest: q };
  found.sort((a, b) => a.start - b.start);
  let rest = '';
  let at = 0;
  for (const date of found) {
    rest += `${text.slice(at, date.start)} `;
    at = date.end;
  }
  rest += text.slice(at);
  return { dates: found.flatMap((date) => date.dates).filter(unique), rest: rest.replace(/\s+/g, ' ').trim() };
}

function unique(date: QueryDate, i: number, all: QueryDate[]): boolean {
  return all.findIndex((other) => other.from === date.from && other.to === date.to) === i;
}

function fullYear(written: string): number {
  const n = Number(written);
  if (written.length === 2) return n <= TWO_DIGIT_PIVOT ? 2000 + n : 1900 + n;
  return n;
}

const pad = (n: number) => String(n).padStart(2, '0');

function day(yearText: string, monthText: string | number, dayText: string | number): QueryDate[] {
  const y = fullYear(yearText);
  const mo = Number(monthText);
  const d = Number(dayText);
  if (y < FIRST_YEAR || y > LAST_YEAR || mo < 1 || mo > 12 || d < 1 || d > daysIn(y, mo)) return [];
  const date = `${y}-${pad(mo)}-${pad(d)}`;
  return [{ from: date, to: date }];
}

function month(yearText: string, monthText: string | number): QueryDate[] {
  const y = fullYear(yearText);
  const mo = Number(monthText);
  if (y < FIRST_YEAR || y > LAST_YEAR || mo < 1 || mo > 12) return [];
  return [{ from: `${y}-${pad(mo)}-01`, to: `${y}-${pad(mo)}-${pad(daysIn(y, mo))}` }];
}

function year(yearText: string): QueryDate[] {
  const y = fullYear(yearText);
  if (yearText.length !== 4 || y < FIRST_YEAR || y > LAST_YEAR) return [];
  return [{ from: `${y}-01-01`, to: `${y}-12-31` }];
}

function daysIn(y: number, mo: number): number {
  return new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

function monthOf(name: string): number {
  const key = name.toLowerCase().replace(/\.$/, '').slice(0, 3);
  return MONTHS.findIndex((month) => month.startsWith(key)) + 1;
}

/** 一九六四 -> 1964, 六四 -> 64; Arabic digits as they are. */
function hanDigits(text: string): string {
  return [...text].map((c) => (HAN_DIGITS.includes(c) ? String(Math.max(0, HAN_DIGITS.indexOf(c) - 1)) : c)).join('');
}

/** 四 -> 4, 十 -> 10, 十二 -> 12, 二十四 -> 24, 三十 -> 30; Arabic digits as they are. */
function hanNumber(text: string): number {
  if (/^\d+$/.test(text)) return Number(text);
  const [tens, units] = text.includes('十') ? text.split('十') : ['', text];
  const digit = (part: string) => Number(hanDigits(part));
  return text.includes('十') ? (tens ? digit(tens) : 1) * 10 + (units ? digit(units) : 0) : digit(units);
}
