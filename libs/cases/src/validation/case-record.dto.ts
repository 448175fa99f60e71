// class-transformer's @Type reads design metadata, whoever imports this file.
import 'reflect-metadata';
import { Type } from 'class-transformer';
import { ArrayNotEmpty, IsArray, IsBoolean, IsIn, IsNumber, IsObject, IsString, IsUrl, Matches, Max, Min, ValidateNested } from 'class-validator';
import {
  CASE_ID_FORMAT,
  CASE_TYPES,
  CREDIBILITY_LEVELS,
  DATE_PRECISIONS,
  LOCATION_PRECISIONS,
  TRANCHE_FORMAT,
  type DatePrecision,
  type LocationPrecision,
} from '../case.enums';
import type { CaseRecord } from '../case.types';

/** Both languages must be present; Chinese text must actually contain Chinese characters. */
export class LocalizedTextDto {
  @IsString({ message: 'en must be a string' })
  @Matches(/\S/, { message: 'en must not be empty' })
  en: string;

  @IsString({ message: 'zh must be a string' })
  @Matches(/[\u3400-\u9fff]/, { message: 'zh must be written in Chinese' })
  zh: string;
}

/** A nested LocalizedTextDto, validated as such. */
function IsLocalizedText(): PropertyDecorator {
  // Applied in the order the stacked decorators were (bottom up), so the rules and their messages stay as they were.
  return (target, property) => {
    for (const decorate of [Type(() => LocalizedTextDto), ValidateNested(), IsObject()]) decorate(target, property);
  };
}

export class CaseLocationDto {
  @IsLocalizedText()
  name: LocalizedTextDto;

  // The ISO 3166 check itself is a cross-field rule (it allows ZZ); see validate-cases.ts.
  @Matches(/^[A-Z]{2}$/, { message: 'country must be an uppercase two-letter ISO 3166-1 code' })
  country: string;

  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'lat must be a number' })
  @Min(-90, { message: 'lat must be between -90 and 90' })
  @Max(90, { message: 'lat must be between -90 and 90' })
  lat: number;

  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'lng must be a number' })
  @Min(-180, { message: 'lng must be between -180 and 180' })
  @Max(180, { message: 'lng must be between -180 and 180' })
  lng: number;

  @IsIn(LOCATION_PRECISIONS, { message: `precision must be one of ${LOCATION_PRECISIONS.join(', ')}` })
  precision: LocationPrecision;
}

export class CaseVideoDto {
  @IsIn(['dvids'], { message: 'provider must be dvids' })
  provider: 'dvids';

  @Matches(/^\d+$/, { message: 'dvidsId must be the numeric DVIDS video id' })
  dvidsId: string;

  @IsLocalizedText()
  caption: LocalizedTextDto;
}

export class CaseSpecDto {
  @IsLocalizedText()
  label: LocalizedTextDto;

  @IsLocalizedText()
  value: LocalizedTextDto;
}

export const HTTP_URL = { protocols: ['http', 'https'], require_protocol: true };

export class CaseSourceDto {
  @IsString()
  @Matches(/\S/, { message: 'label must not be empty' })
  label: string;

  @IsUrl(HTTP_URL, { message: 'url must be an http(s) URL' })
  url: string;
}

export class CaseImageDto {
  @IsUrl(HTTP_URL, { message: 'url must be an http(s) URL' })
  url: string;

  @IsLocalizedText()
  caption: LocalizedTextDto;

  @IsString()
  @Matches(/\S/, { message: 'credit must not be empty' })
  credit: string;
}

export class CaseRevisionDto {
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'date must be an ISO calendar date YYYY-MM-DD' })
  date: string;

  @IsLocalizedText()
  reason: LocalizedTextDto;
}

/** One record of the dataset, exactly as the ingest CLI accepts it. */
export class CaseRecordDto implements CaseRecord {
  @Matches(CASE_ID_FORMAT, { message: 'id must be a lowercase slug (a-z, 0-9, single hyphens)' })
  id: string;

  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'date must be an ISO calendar date YYYY-MM-DD' })
  date: string;

  @IsIn(DATE_PRECISIONS, { message: `datePrecision must be one of ${DATE_PRECISIONS.join(', ')}` })
  datePrecision: DatePrecision;

  @IsLocalizedText()
  dateDisplay: LocalizedTextDto;

  @IsLocalizedText()
  title: LocalizedTextDto;

  @IsObject()
  @ValidateNested()
  @Type(() => CaseLocationDto)
  location: CaseLocationDto;

  @IsIn(CASE_TYPES, { message: `type must be one of ${CASE_TYPES.join(', ')}` })
  type: (typeof CASE_TYPES)[number];

  @IsIn(CREDIBILITY_LEVELS, { message: `credibility must be one of ${CREDIBILITY_LEVELS.join(', ')}` })
  credibility: (typeof CREDIBILITY_LEVELS)[number];

  @Matches(TRANCHE_FORMAT, { message: 'tranche must be pre-disclosure or PURSUE-<n>' })
  tranche: string;

  @IsBoolean({ message: 'hasVideo must be true or false' })
  hasVideo: boolean;

  @IsLocalizedText()
  summary: LocalizedTextDto;

  @IsLocalizedText()
  detail: LocalizedTextDto;

  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => CaseVideoDto)
  videos: CaseVideoDto[];

  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => CaseSpecDto)
  specs: CaseSpecDto[];

  @IsArray()
  @ArrayNotEmpty({ message: 'sources must list at least one source' })
  @ValidateNested({ each: true })
  @Type(() => CaseSourceDto)
  sources: CaseSourceDto[];

  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => CaseImageDto)
  images: CaseImageDto[];

  @IsArray({ message: 'relatedIds must be a list of case ids (empty when none)' })
  @Matches(CASE_ID_FORMAT, { each: true, message: 'relatedIds must hold case ids (lowercase slugs)' })
  relatedIds: string[];

  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'addedAt must be an ISO calendar date YYYY-MM-DD (npm run data:revise sets it)' })
  addedAt: string;

  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'updatedAt must be an ISO calendar date YYYY-MM-DD (npm run data:revise sets it)' })
  updatedAt: string;

  @IsArray({ message: 'revisions must be a list (npm run data:revise sets it)' })
  @ArrayNotEmpty({ message: 'revisions must hold at least the revision that added the case' })
  @ValidateNested({ each: true })
  @Type(() => CaseRevisionDto)
  revisions: CaseRevisionDto[];
}
