import { isURL } from 'class-validator';
import { CASE_ID_FORMAT, CASE_TYPES, CREDIBILITY_LEVELS, DATE_PRECISIONS, LOCATION_PRECISIONS, TRANCHE_FORMAT } from '../case.enums';
import { CASE_SUMMARY_FIELDS } from '../case.types';
import { HTTP_URL } from './case-record.dto';

/**
 * A fast path in front of class-validator for the common case, a record that is fine.
 * `plainToInstance` + `validateSync` cost most of the ingest's first pass (dozens of nested
 * objects per record, each turned into a class instance and walked through the metadata); this
 * check applies the same decorator rules by hand, in one walk over the plain JSON.
 *
 * It answers only "certainly nothing for class-validator to report": true means `validateSync`
 * on the CaseRecordDto would return no error; false means "not sure", and the caller runs the
 * full class-validator path, which alone writes the messages. So it may be stricter than the
 * DTO (it refuses nested keys it does not know, rather than reason about how class-transformer
 * treats them), never looser. case-record.precheck.spec.ts holds it to that over the bundled
 * archive, the fixtures and thousands of mutated records, and fails when the DTO gains a
 * property this check does not know.
 */
export function satisfiesCaseRecordDto(record: Record<string, unknown>): boolean {
  return (
    matches(record.id, CASE_ID_FORMAT) &&
    matches(record.date, DAY) &&
    oneOf(record.datePrecision, DATE_PRECISIONS) &&
    localized(record.dateDisplay) &&
    localized(record.title) &&
    location(record.location) &&
    oneOf(record.type, CASE_TYPES) &&
    oneOf(record.credibility, CREDIBILITY_LEVELS) &&
    matches(record.tranche, TRANCHE_FORMAT) &&
    typeof record.hasVideo === 'boolean' &&
    localized(record.summary) &&
    localized(record.detail) &&
    every(record.videos, video) &&
    every(record.specs, spec) &&
    every(record.sources, source) &&
    (record.sources as unknown[]).length > 0 &&
    every(record.images, image) &&
    every(record.relatedIds, (id) => matches(id, CASE_ID_FORMAT)) &&
    matches(record.addedAt, DAY) &&
    matches(record.updatedAt, DAY) &&
    every(record.revisions, revision) &&
    (record.revisions as unknown[]).length > 0
  );
}

/**
 * The properties each nested DTO declares, which are also the only keys a nested object may
 * have on the fast path. Exported for the spec that compares them with the DTO's metadata.
 */
export const PRECHECKED_PROPERTIES = {
  CaseRecordDto: [...CASE_SUMMARY_FIELDS, 'detail', 'videos', 'specs', 'sources', 'revisions', 'images', 'relatedIds'],
  LocalizedTextDto: ['en', 'zh'],
  CaseLocationDto: ['name', 'country', 'lat', 'lng', 'precision'],
  CaseVideoDto: ['provider', 'dvidsId', 'caption'],
  CaseSpecDto: ['label', 'value'],
  CaseSourceDto: ['label', 'url'],
  CaseImageDto: ['url', 'caption', 'credit'],
  CaseRevisionDto: ['date', 'reason'],
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const NOT_BLANK = /\S/;
const CHINESE = /[\u3400-\u9fff]/;
const COUNTRY_FORMAT = /^[A-Z]{2}$/;
const DIGITS = /^\d+$/;

type Plain = Record<string, unknown>;

function matches(value: unknown, pattern: RegExp): value is string {
  return typeof value === 'string' && pattern.test(value);
}

function oneOf(value: unknown, allowed: readonly string[]): boolean {
  return typeof value === 'string' && allowed.includes(value);
}

/** A plain JSON object (what @IsObject accepts and @ValidateNested walks) with only the given keys. */
function object(value: unknown, keys: readonly string[]): value is Plain {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  for (const key in value) if (!keys.includes(key)) return false;
  return true;
}

/** An array whose every slot (holes included, which Array#every would skip) passes `item`. */
function every(value: unknown, item: (value: unknown) => boolean): boolean {
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i += 1) if (!item(value[i])) return false;
  return true;
}

function number(value: unknown, limit: number): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value >= -limit && value <= limit;
}

function localized(value: unknown): boolean {
  return object(value, PRECHECKED_PROPERTIES.LocalizedTextDto) && matches(value.en, NOT_BLANK) && matches(value.zh, CHINESE);
}

function location(value: unknown): boolean {
  return (
    object(value, PRECHECKED_PROPERTIES.CaseLocationDto) &&
    localized(value.name) &&
    matches(value.country, COUNTRY_FORMAT) &&
    number(value.lat, 90) &&
    number(value.lng, 180) &&
    oneOf(value.precision, LOCATION_PRECISIONS)
  );
}

function video(value: unknown): boolean {
  return (
    object(value, PRECHECKED_PROPERTIES.CaseVideoDto) && value.provider === 'dvids' && matches(value.dvidsId, DIGITS) && localized(value.caption)
  );
}

function spec(value: unknown): boolean {
  return object(value, PRECHECKED_PROPERTIES.CaseSpecDto) && localized(value.label) && localized(value.value);
}

function source(value: unknown): boolean {
  return (
    object(value, PRECHECKED_PROPERTIES.CaseSourceDto) &&
    matches(value.label, NOT_BLANK) &&
    typeof value.url === 'string' &&
    isURL(value.url, HTTP_URL)
  );
}

function image(value: unknown): boolean {
  return (
    object(value, PRECHECKED_PROPERTIES.CaseImageDto) &&
    typeof value.url === 'string' &&
    isURL(value.url, HTTP_URL) &&
    localized(value.caption) &&
    matches(value.credit, NOT_BLANK)
  );
}

function revision(value: unknown): boolean {
  return object(value, PRECHECKED_PROPERTIES.CaseRevisionDto) && matches(value.date, DAY) && localized(value.reason);
}
