import type { DatePrecision } from '../case.enums';
import type { LocalizedText } from '../case.types';

interface DatedWithSpecs {
  id: string;
  datePrecision: DatePrecision;
  specs: { label: LocalizedText; value: LocalizedText }[];
}

/**
 * The uploader rule of data/README.md#dates: a video's uploader-defined title is the uploader's word,
 * with no substantiated chain of custody, so a date that rests on one is only as precise as AARO's own
 * assessment, never day-precise. A case whose "Date precision" spec names an uploader's title is held
 * to it; the uploader's day may stay in the text, as the uploader's.
 */
export function uploaderDateProblems(cases: readonly DatedWithSpecs[]): string[] {
  return cases.flatMap((c) => {
    const spec = c.specs.find((s) => s.label.en === 'Date precision');
    if (!spec || !/uploader/i.test(spec.value.en)) return [];
    return c.datePrecision === 'day'
      ? [`${c.id}: its date rests on an uploader's title ("${spec.value.en}") but datePrecision is day; use the precision AARO gives`]
      : [];
  });
}
