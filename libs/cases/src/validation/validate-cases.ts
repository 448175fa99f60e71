import { plainToInstance } from 'class-transformer';
import { isISO31661Alpha2, validateSync, ValidationError } from 'class-validator';
import { NO_COUNTRY, NOMINAL_POINT } from '../case.enums';
import { relatedIdProblems } from '../related/related-ids.rules';
import { CASE_SUMMARY_FIELDS } from '../case.types';
import { CaseRecordDto } from './case-record.dto';
import { satisfiesCaseRecordDto } from './case-record.precheck';

export interface CaseProblem {
  /** The record's id, or its position when it has none. */
  record: string;
  /** Dotted path of the offending field, e.g. `location.lat` or `videos[0].dvidsId`. */
  field: string;
  message: string;
}

const KNOWN_FIELDS = new Set<string>([...CASE_SUMMARY_FIELDS, 'detail', 'videos', 'specs', 'sources', 'images', 'relatedIds', 'revisions']);

export interface ValidateOptions {
  /**
   * Also check the rules that span records (links between cases), as for a whole dataset. A caller
   * that validates one record at a time turns this off and checks the links once all are read (the ingest's CaseIds).
   */
  acrossRecords?: boolean;
}

/**
 * Validates a whole dataset and reports every problem, so an operator can fix a file in one pass.
 * An empty result means every record is a valid `CaseRecord`.
 */
export function validateCases(records: unknown[], { acrossRecords = true }: ValidateOptions = {}): CaseProblem[] {
  const problems: CaseProblem[] = [];
  const seenIds = new Map<string, number>();

  records.forEach((raw, index) => {
    const record = describeRecord(raw, index);
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      problems.push({ record, field: '(record)', message: 'must be a JSON object' });
      return;
    }
    const plain = raw as Record<string, unknown>;
    for (const key of Object.keys(plain)) {
      if (!KNOWN_FIELDS.has(key)) problems.push({ record, field: key, message: 'is not a case field' });
    }
    // Most records are fine: the pre-check proves that without class-validator's far dearer walk,
    // which then runs only for a record it cannot vouch for, and alone words the problems.
    if (!satisfiesCaseRecordDto(plain)) {
      const errors = validateSync(plainToInstance(CaseRecordDto, plain), { forbidUnknownValues: false });
      problems.push(...flatten(errors).map((p) => ({ record, ...p })));
    }
    problems.push(...crossFieldProblems(plain).map((p) => ({ record, ...p })));

    if (typeof plain.id === 'string') {
      const first = seenIds.get(plain.id);
      if (first === undefined) seenIds.set(plain.id, index);
      else problems.push({ record, field: 'id', message: `duplicates the id of record #${first + 1}` });
    }
  });

  // Links between cases are a rule of the whole dataset: each must name a case there and link back.
  if (acrossRecords) problems.push(...relatedIdProblems(records as { id?: unknown; relatedIds?: unknown }[]));
  return problems;
}

function describeRecord(raw: unknown, index: number): string {
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id ? id : `#${index + 1}`;
}

function flatten(errors: ValidationError[], prefix = ''): Omit<CaseProblem, 'record'>[] {
  return errors.flatMap((error) => {
    const field = /^\d+$/.test(error.property) ? `${prefix}[${error.property}]` : prefix ? `${prefix}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ field, message }));
    return own.concat(flatten(error.children ?? [], field));
  });
}

/** Rules that span fields or need more than a decorator. */
function crossFieldProblems(record: Record<string, unknown>): Omit<CaseProblem, 'record'>[] {
  const problems: Omit<CaseProblem, 'record'>[] = [];

  if (typeof record.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(record.date) && !isRealDate(record.date)) {
    problems.push({ field: 'date', message: `${record.date} is not a day that exists` });
  }
  // A month or a year is stored as its first day, so "1 June" never passes for a known day.
  if (typeof record.date === 'string' && record.datePrecision === 'month' && !/-01$/.test(record.date)) {
    problems.push({ field: 'date', message: `a date of precision month is the month's first day, not ${record.date}` });
  }
  if (typeof record.date === 'string' && record.datePrecision === 'year' && !/-01-01$/.test(record.date)) {
    problems.push({ field: 'date', message: `a date of precision year is 1 January of that year, not ${record.date}` });
  }

  if (Array.isArray(record.videos) && typeof record.hasVideo === 'boolean' && record.hasVideo !== record.videos.length > 0) {
    problems.push({ field: 'hasVideo', message: `is ${record.hasVideo} but the case lists ${record.videos.length} video(s)` });
  }

  problems.push(...revisionProblems(record));

  const location = record.location as { country?: unknown; lat?: unknown; lng?: unknown; precision?: unknown } | undefined;
  if (location && typeof location.country === 'string' && /^[A-Z]{2}$/.test(location.country)) {
    if (location.country !== NO_COUNTRY && !isISO31661Alpha2(location.country)) {
      problems.push({ field: 'location.country', message: `${location.country} is not an ISO 3166-1 alpha-2 code` });
    }
    // One treatment for "no place": the nominal point in no country, so a map never shows it as a real place.
    const nominal = location.lat === NOMINAL_POINT.lat && location.lng === NOMINAL_POINT.lng;
    if (location.precision === 'unknown' && (location.country !== NO_COUNTRY || !nominal)) {
      problems.push({
        field: 'location',
        message: `precision unknown takes country ${NO_COUNTRY} and the nominal point ${NOMINAL_POINT.lat}, ${NOMINAL_POINT.lng}`,
      });
    }
    if (typeof location.precision === 'string' && location.precision !== 'unknown' && nominal) {
      problems.push({
        field: 'location',
        message: `${NOMINAL_POINT.lat}, ${NOMINAL_POINT.lng} is the nominal point of precision unknown, not a place`,
      });
    }
    if (location.country === NO_COUNTRY && (location.precision === 'site' || location.precision === 'locality' || location.precision === 'region')) {
      problems.push({
        field: 'location',
        message: `country ${NO_COUNTRY} is only for precision area or unknown; a ${location.precision} lies in a country`,
      });
    }
  }
  return problems;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The change history must tell one consistent story: newest revision first, the newest one on
 * `updatedAt`, the oldest one on `addedAt`. `npm run data:revise` writes it that way.
 */
function revisionProblems(record: Record<string, unknown>): Omit<CaseProblem, 'record'>[] {
  const problems: Omit<CaseProblem, 'record'>[] = [];
  for (const field of ['addedAt', 'updatedAt'] as const) {
    const value = record[field];
    if (typeof value === 'string' && DAY.test(value) && !isRealDate(value)) problems.push({ field, message: `${value} is not a day that exists` });
  }
  const { addedAt, updatedAt, revisions } = record as { addedAt?: unknown; updatedAt?: unknown; revisions?: unknown };
  if (typeof addedAt !== 'string' || typeof updatedAt !== 'string' || !DAY.test(addedAt) || !DAY.test(updatedAt)) return problems;
  if (addedAt > updatedAt) problems.push({ field: 'updatedAt', message: `${updatedAt} is before addedAt ${addedAt}` });
  if (!Array.isArray(revisions) || revisions.length === 0) return problems;
  const dates = revisions.map((revision) => (revision as { date?: unknown } | null)?.date);
  if (!dates.every((date): date is string => typeof date === 'string' && DAY.test(date))) return problems;
  if (dates.some((date, i) => i > 0 && date > dates[i - 1])) problems.push({ field: 'revisions', message: 'must be listed newest first' });
  if (dates[0] !== updatedAt) problems.push({ field: 'revisions', message: `the newest revision (${dates[0]}) must be on updatedAt (${updatedAt})` });
  if (dates[dates.length - 1] !== addedAt) {
    problems.push({ field: 'revisions', message: `the oldest revision (${dates[dates.length - 1]}) must be on addedAt (${addedAt})` });
  }
  return problems;
}

function isRealDate(iso: string): boolean {
  const parsed = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === iso;
}
