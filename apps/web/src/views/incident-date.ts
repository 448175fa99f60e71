import type { DatePrecision } from '../../../../libs/cases/src/case.enums';

/**
 * The machine-readable form of a case's date for `<time datetime>`, as precise as the record is:
 * `1952-07-19`, `2017-07` for a month, `1949` for a year, and none at all for an unknown date,
 * whose `date` is only a placeholder (docs/api-choices.md, "Dates"). The words are dateDisplay's.
 */
export function incidentDatetime(item: { date: string; datePrecision?: DatePrecision }): string | undefined {
  switch (item.datePrecision) {
    case 'unknown':
      return undefined;
    case 'year':
      return item.date.slice(0, 4);
    case 'month':
      return item.date.slice(0, 7);
    default:
      return item.date;
  }
}
