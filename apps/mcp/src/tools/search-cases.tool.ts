import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { caseSortValues, caseTypeValues, credibilityValues, type CaseListQuery } from '@app/api-client';
import { MAX_CURSOR_LENGTH, MAX_YEAR, MIN_YEAR } from '@app/cases';
import { recordOf, type ArchiveContext } from '../archive-context';
import { caseLines, caseLinks, compactCase, LANGUAGES, type CompactCase } from '../cases/case-view';
import { keywordsArgument } from './keywords-argument';
import { reportingFailures, toolResult } from './tool-result';

/** A page a model can read at once; the api serves up to 500, but 25 summaries is already a long answer. */
export const MAX_RESULTS = 25;

const language = z
  .enum(LANGUAGES)
  .default('both')
  .describe('Language of the returned text: both (English and Simplified Chinese), en, or zh. The archive is written in both.');

/** The tool's arguments: every filter of GET /api/cases, `q`, cursor paging, and how to present the page. */
export const searchCasesInput = {
  q: keywordsArgument(
    'Keywords in English or Chinese (Simplified or Traditional; e.g. "tic tac", "Roswell", "罗斯威尔", "不明飞行物"), matched against titles, ' +
      'place names and summaries in both languages. Plain words, no query syntax; results are ordered by relevance.',
  ),
  type: z.array(z.enum(caseTypeValues)).min(1).optional().describe('Only cases of these kinds (any of them).'),
  credibility: z
    .array(z.enum(credibilityValues))
    .min(1)
    .optional()
    .describe('Only cases of these standings (any of them): official (a government record), corroborated, reported, explained.'),
  tranche: z
    .string()
    .optional()
    .describe(
      'Only cases from these releases, comma-separated: PURSUE-<n> for the nth PURSUE release on war.gov/UFO (e.g. PURSUE-1,PURSUE-2), or pre-disclosure.',
    ),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}(,[A-Za-z]{2})*$/, 'country must be two-letter ISO 3166-1 codes, comma-separated, e.g. US or US,CA')
    .optional()
    .describe('Only cases placed in these countries: ISO 3166-1 alpha-2 codes, comma-separated (US, GB, CN, ...), or ZZ for no single country.'),
  precision: z
    .string()
    .optional()
    .describe('How exact the place is: one or more of site, locality, region, area, unknown, comma-separated (site,locality = a town or better).'),
  hasVideo: z.boolean().optional().describe('true: only cases with released video; false: only cases without.'),
  year: z.number().int().min(MIN_YEAR).max(MAX_YEAR).optional().describe('Only incidents of this year (four digits).'),
  dateFrom: z.string().optional().describe('Only incidents on or after the start of this year, month or day: YYYY, YYYY-MM or YYYY-MM-DD.'),
  dateTo: z.string().optional().describe('Only incidents on or before the end of this year, month or day: YYYY, YYYY-MM or YYYY-MM-DD.'),
  bbox: z
    .string()
    .optional()
    .describe('Only cases placed inside this box: "minLng,minLat,maxLng,maxLat" in degrees (e.g. "-125,24,-66,50" for the contiguous US).'),
  near: z
    .string()
    .optional()
    .describe('A point "lat,lng" in degrees: only cases placed on a map; with radiusKm, only those that close; allows sort=distance.'),
  radiusKm: z.number().positive().optional().describe('With near: at most this many kilometres from it.'),
  sort: z
    .enum(caseSortValues)
    .optional()
    .describe('Order: relevance (with q; the default then), newest (the default otherwise), oldest, or distance (with near).'),
  facets: z
    .string()
    .optional()
    .describe('Also count every matching case by these, comma-separated: type, credibility, tranche, country, precision, hasVideo, year, decade.'),
  updatedSince: z
    .string()
    .optional()
    .describe('Only cases added to or changed in the archive on or after this UTC day: YYYY-MM-DD, or a timestamp with a time zone.'),
  limit: z.number().int().min(1).max(MAX_RESULTS).default(10).describe(`Cases per page, 1 to ${MAX_RESULTS}.`),
  cursor: z
    .string()
    .max(MAX_CURSOR_LENGTH)
    .optional()
    .describe('The nextCursor of a previous search_cases result, for the next page; repeat the same filters with it.'),
  full: z.boolean().default(false).describe('true: whole records (detailed account, specs, videos, images, history) instead of summaries. Long.'),
  withSources: z
    .boolean()
    .default(true)
    .describe("Cite each case's government sources (one more api request per case); false for a quicker, cheaper page without them."),
  lang: language,
};

/**
 * List parameters this tool deliberately leaves out: offset (the cursor pages without the 10,000 window),
 * highlight (HTML fragments meant for a page, not a model). `fields` is not in CaseListQuery: results are
 * always whole summaries, made compact here.
 */
type NotOffered = 'offset' | 'highlight';
type Missing = Exclude<keyof CaseListQuery, keyof typeof searchCasesInput | NotOffered>;
/**
 * Fails to compile, naming the parameter, when the api's list gains one this tool does not offer yet:
 * add it to searchCasesInput (and to toListQuery) after `npm run generate:api-client`.
 */
const everyListParameterOffered: [Missing] extends [never] ? true : Missing = true;
void everyListParameterOffered;

type SearchCasesArgs = z.infer<z.ZodObject<typeof searchCasesInput>>;

/** The api's query string for the tool's arguments (booleans as the api's 'true'/'false'). */
export function toListQuery(args: SearchCasesArgs): CaseListQuery {
  const query: CaseListQuery = { limit: args.limit };
  const given = ['q', 'tranche', 'country', 'precision', 'year', 'dateFrom', 'dateTo', 'bbox', 'near', 'radiusKm', 'sort', 'facets'] as const;
  for (const name of [...given, 'updatedSince', 'cursor'] as const) {
    if (args[name] !== undefined) Object.assign(query, { [name]: args[name] });
  }
  // Several values travel comma-separated, as the api takes them.
  if (args.type) query.type = args.type.join(',');
  if (args.credibility) query.credibility = args.credibility.join(',');
  if (args.hasVideo !== undefined) query.hasVideo = args.hasVideo ? 'true' : 'false';
  return query;
}

export function registerSearchCases(server: McpServer, context: ArchiveContext): void {
  server.registerTool(
    'search_cases',
    {
      title: 'Search UAP cases',
      description:
        'Searches the UAP Case Archive, a bilingual (English / Simplified Chinese) archive of UAP case records compiled from public-domain ' +
        'government releases (above all the PURSUE releases on war.gov/UFO). Combine keywords (either language) with filters; newest first, ' +
        'or most relevant first with q. Each result is a summary with the link to its record and its government sources: cite them. ' +
        'For more, pass the returned nextCursor with the same filters.',
      inputSchema: searchCasesInput,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    (args) =>
      reportingFailures(context.apiBaseUrl, async () => {
        const page = await context.api.listCases(toListQuery(args), context.deadline());
        const records =
          args.full || args.withSources ? await Promise.all(page.cases.map(async (item) => (await recordOf(context, item.id)).case)) : [];
        const first = page.offset + 1;
        const heading =
          page.count === 0
            ? `No case matches (total ${page.total}).`
            : `Cases ${first}–${page.offset + page.count} of ${page.total}${page.nextCursor ? '' : ' (last page)'}:`;
        const next = page.nextCursor ? [`Next page: call search_cases again with the same filters and cursor "${page.nextCursor}".`] : [];
        // Whole records come as the api gives them (both languages), with their links.
        const cases = args.full
          ? records.map((record) => ({ ...record, ...caseLinks(context.publicApiUrl, record.id, args.lang) }))
          : page.cases.map((item, index) => compactCase(item, records[index], context.publicApiUrl, args.lang));
        const body = args.full
          ? [JSON.stringify(cases)]
          : page.cases.flatMap((_, index) => {
              const [title, ...rest] = caseLines(cases[index] as CompactCase);
              return [`${first + index}. ${title}`, ...rest, ''];
            });
        const facets = page.facets
          ? Object.entries(page.facets).map(
              ([name, counts]) =>
                `Counted by ${name}: ${Object.entries(counts as Record<string, number>)
                  .map(([value, count]) => `${value} ${count}`)
                  .join(', ')}`,
            )
          : [];
        // The api's did-you-mean (with q, on a first page, where a correction finds what q did not).
        const didYouMean = page.suggestion ? [`Did you mean "${page.suggestion}"? Call search_cases again with q "${page.suggestion}".`, ''] : [];
        const lines = [heading, '', ...didYouMean, ...body, ...facets, ...(facets.length ? [''] : []), ...next, `License: ${page.license}`];
        return toolResult(lines, {
          total: page.total,
          count: page.count,
          nextCursor: page.nextCursor,
          ...(page.suggestion ? { suggestion: page.suggestion } : {}),
          cases,
          ...(page.facets ? { facets: page.facets } : {}),
          license: page.license,
        });
      }),
  );
}
