import type { DatePrecision } from '../case.enums';
import type { LocalizedText } from '../case.types';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Words a display uses for a date the records do not give. */
const NOT_GIVEN_EN = /not released|not recorded|not given|unknown|undated/i;
const NOT_GIVEN_ZH = /不详|未公布|未公开|未注明|不明/;

interface Dated {
  id: string;
  date: string;
  datePrecision: DatePrecision;
  dateDisplay: LocalizedText;
}

/**
 * `dateDisplay` says what `datePrecision` says (data/README.md#dates), in both languages:
 * - `day`: it names that day (e.g. "21–29 August 1965", "1965年8月21日"), and never calls the day unknown;
 * - `month`: it names the month and year ("July 2017", "2017年7月");
 * - `year`: it names the year;
 * - `unknown`: it says the date is not given ("Date not released", "日期未公开").
 */
export function dateDisplayProblems(cases: readonly Dated[]): string[] {
  return cases.flatMap((c) => {
    const [year, month, day] = c.date.split('-').map(Number);
    const { en, zh } = c.dateDisplay;
    const says = (ok: boolean, what: string) => (ok ? [] : [`${c.id}: datePrecision ${c.datePrecision} but dateDisplay ${what} ("${en}" / "${zh}")`]);
    // A span ("1954–1974", "1954—1974年") names its first year too.
    const hasYear = new RegExp(`\\b${year}\\b`).test(en) && new RegExp(`${year}(年|[—–-])`).test(zh);
    switch (c.datePrecision) {
      case 'day':
        return [
          ...says(
            hasYear &&
              en.includes(MONTHS[month - 1]) &&
              new RegExp(`\\b${day}\\b`).test(en) &&
              (new RegExp(`${month}月${day}(?!\\d)`).test(zh) || (zh.includes(`${month}月`) && new RegExp(`(?<!\\d)${day}日`).test(zh))),
            `does not name ${c.date}`,
          ),
          ...says(
            !/day not recorded|date not released|exact date not/i.test(en) && !/具体日期(不详|未公布|未公开)/.test(zh),
            'calls the day unknown',
          ),
        ];
      case 'month':
        return says(hasYear && en.includes(MONTHS[month - 1]) && zh.includes(`${year}年${month}月`), `does not name ${MONTHS[month - 1]} ${year}`);
      case 'year':
        return says(hasYear, `does not name ${year}`);
      case 'unknown':
        return says(NOT_GIVEN_EN.test(en) && NOT_GIVEN_ZH.test(zh), 'does not say the date is not given');
      default:
        return [`${c.id}: datePrecision ${String(c.datePrecision)} is not one of day, month, year, unknown`];
    }
  });
}
