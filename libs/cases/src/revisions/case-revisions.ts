import { createHash } from 'node:crypto';
import type { CaseRevision, LocalizedText } from '../case.types';

/** The fields that record the history rather than the content; the content hash leaves them out. */
export const REVISION_FIELDS = ['addedAt', 'updatedAt', 'revisions'] as const;

export const ADDED_REASON: LocalizedText = { en: 'Added to the archive', zh: '收入档案' };

/** data/case-hashes.json: what each case's content was when it was last stamped. */
export type CaseHashes = Record<string, { hash: string; addedAt: string; updatedAt: string }>;

export interface CaseStamps {
  addedAt: string;
  updatedAt: string;
  revisions: CaseRevision[];
}

/** JSON with keys sorted at every level, so key order and number spelling (62.0 vs 62) never count as a change. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value as object)
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

/** sha256 of the case's canonical JSON without addedAt/updatedAt/revisions. */
export function caseContentHash(record: Record<string, unknown>): string {
  const content = Object.fromEntries(Object.entries(record).filter(([key]) => !(REVISION_FIELDS as readonly string[]).includes(key)));
  return `sha256:${createHash('sha256').update(canonicalJson(content)).digest('hex')}`;
}

export type RevisionKind = 'added' | 'changed' | 'unchanged';

export interface PlannedRevision {
  id: string;
  kind: RevisionKind;
  hash: string;
  /** The stamps the case must carry after this run. */
  stamps: CaseStamps;
}

/**
 * Decides, for one case, what `npm run data:revise` does. Pure, so the rules are unit-tested:
 * - not in the hash file and never stamped: a new case, added and updated on `date`;
 * - not in the hash file but already stamped (the hash file was lost, or the author stamped it by
 *   hand): its stamps are trusted and only the hash is recorded;
 * - in the hash file with another hash: changed, so `updatedAt` becomes `date` and a revision with
 *   `reason` goes on top (unless the top one already says exactly that on that day: re-runs are no-ops);
 * - same hash: nothing to do.
 */
export function planRevision(
  record: Record<string, unknown> & { id: string },
  known: CaseHashes[string] | undefined,
  date: string,
  reason: LocalizedText | undefined,
): PlannedRevision {
  const hash = caseContentHash(record);
  const current = currentStamps(record);
  if (!known) {
    if (current) return { id: record.id, kind: 'unchanged', hash, stamps: current };
    return { id: record.id, kind: 'added', hash, stamps: { addedAt: date, updatedAt: date, revisions: [{ date, reason: ADDED_REASON }] } };
  }
  if (known.hash === hash && current) return { id: record.id, kind: 'unchanged', hash, stamps: current };
  // No stamps but a known hash: a merge took another branch's copy of the file. A case never
  // revised can have its history rebuilt from the hash file; any other needs it from git.
  const restored = current ?? restoreStamps(record.id, known);
  if (known.hash === hash) return { id: record.id, kind: current ? 'unchanged' : 'changed', hash, stamps: restored };
  if (!reason) throw new MissingReasonError(record.id);
  const previous = restored;
  const top = previous.revisions[0];
  const same = top && top.date === date && top.reason.en === reason.en && top.reason.zh === reason.zh;
  const revisions = same ? previous.revisions : [{ date, reason: { en: reason.en, zh: reason.zh } }, ...previous.revisions];
  return { id: record.id, kind: 'changed', hash, stamps: { addedAt: previous.addedAt, updatedAt: date, revisions } };
}

export class MissingReasonError extends Error {
  constructor(readonly caseId: string) {
    super(`${caseId} changed: give the reason with --en "..." --zh "..."`);
  }
}

export class LostHistoryError extends Error {
  constructor(
    readonly caseId: string,
    updatedAt: string,
  ) {
    super(`${caseId} lost its addedAt/updatedAt/revisions (last stamped ${updatedAt}): restore them from git history, then re-run`);
  }
}

function restoreStamps(id: string, known: CaseHashes[string]): CaseStamps {
  if (known.addedAt !== known.updatedAt) throw new LostHistoryError(id, known.updatedAt);
  return { addedAt: known.addedAt, updatedAt: known.addedAt, revisions: [{ date: known.addedAt, reason: ADDED_REASON }] };
}

function currentStamps(record: Record<string, unknown>): CaseStamps | null {
  const { addedAt, updatedAt, revisions } = record;
  if (typeof addedAt !== 'string' || typeof updatedAt !== 'string' || !Array.isArray(revisions) || revisions.length === 0) return null;
  return { addedAt, updatedAt, revisions: revisions as CaseRevision[] };
}

/**
 * Writes the stamps into a case file's text without touching any other line: the three fields
 * live at the end of the record, so other edits to the same file (and git merges) stay apart.
 * Falls back to a full rewrite only when the fields sit somewhere else.
 */
export function writeStamps(text: string, stamps: CaseStamps): string {
  const record = JSON.parse(text) as Record<string, unknown>;
  const content = Object.fromEntries(Object.entries(record).filter(([key]) => !(REVISION_FIELDS as readonly string[]).includes(key)));
  const expected = { ...content, ...stamps };
  const finalNewline = text.endsWith('\n') ? '\n' : '';
  const tail = [
    `  "addedAt": ${JSON.stringify(stamps.addedAt)}`,
    `  "updatedAt": ${JSON.stringify(stamps.updatedAt)}`,
    `  "revisions": ${JSON.stringify(stamps.revisions, null, 2).replace(/\n/g, '\n  ')}`,
  ].join(',\n');
  const start = text.search(/,\s*"addedAt"\s*:/);
  const body = start >= 0 ? text.slice(0, start) : text.slice(0, text.lastIndexOf('}')).trimEnd();
  const candidate = `${body},\n${tail}\n}${finalNewline}`;
  try {
    if (canonicalJson(JSON.parse(candidate)) === canonicalJson(expected)) return candidate;
  } catch {
    // fall through to the full rewrite
  }
  return `${JSON.stringify(expected, null, 2)}${finalNewline}`;
}

/** One entry per line, sorted by id, so the file diffs well. */
export function formatCaseHashes(hashes: CaseHashes): string {
  const ids = Object.keys(hashes).sort();
  const lines = ids.map((id) => `  ${JSON.stringify(id)}: ${JSON.stringify(hashes[id])}`);
  return `{\n${lines.join(',\n')}\n}\n`;
}

type Fields = Record<string, unknown>;
const place = (record: Fields) => (record.location ?? {}) as Fields;

/** What a change touched, in the words a reader of `revisions` needs; checked in this order. */
const CHANGE_LABELS: [en: string, zh: string, changed: (a: Fields, b: Fields) => boolean][] = [
  ['location precision', '位置精度', (a, b) => place(a).precision !== place(b).precision],
  ['coordinates', '坐标', (a, b) => place(a).lat !== place(b).lat || place(a).lng !== place(b).lng],
  ['place name', '地点名称', (a, b) => !sameJson(place(a).name, place(b).name)],
  ['country', '国家', (a, b) => place(a).country !== place(b).country],
  ['date', '日期', (a, b) => a.date !== b.date || !sameJson(a.dateDisplay, b.dateDisplay)],
  ['tranche', '批次', (a, b) => a.tranche !== b.tranche],
  ['type', '类型', (a, b) => a.type !== b.type],
  ['credibility', '可信度', (a, b) => a.credibility !== b.credibility],
  ['title', '标题', (a, b) => !sameJson(a.title, b.title)],
  ['summary', '摘要', (a, b) => !sameJson(a.summary, b.summary)],
  ['full text', '详述', (a, b) => !sameJson(a.detail, b.detail)],
  ['specs', '要项说明', (a, b) => !sameJson(a.specs, b.specs)],
  ['sources', '来源', (a, b) => !sameJson(a.sources, b.sources)],
  ['videos and images', '视频与图片', (a, b) => !sameJson(a.videos, b.videos) || !sameJson(a.images, b.images) || a.hasVideo !== b.hasVideo],
];

function sameJson(a: unknown, b: unknown): boolean {
  return canonicalJson(a ?? null) === canonicalJson(b ?? null);
}

/**
 * A revision reason that names the fields that changed ("Updated: coordinates, summary" /
 * "更新：坐标、摘要"), for runs where the operator gives none. Null when no known field differs.
 */
export function describeChanges(before: Record<string, unknown>, after: Record<string, unknown>): LocalizedText | null {
  const hit = CHANGE_LABELS.filter(([, , changed]) => changed(before, after));
  if (!hit.length) return null;
  return { en: `Updated: ${hit.map(([en]) => en).join(', ')}`, zh: `更新：${hit.map(([, zh]) => zh).join('、')}` };
}
