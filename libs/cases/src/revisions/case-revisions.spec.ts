import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ADDED_REASON,
  canonicalJson,
  caseContentHash,
  describeChanges,
  formatCaseHashes,
  LostHistoryError,
  MissingReasonError,
  planRevision,
  writeStamps,
} from './case-revisions';

const fixture = JSON.parse(readFileSync(join(__dirname, '../../../../test/fixtures/cases.json'), 'utf8'));
const stamped = fixture.find((c: { id: string }) => c.id === '1952-washington-dc-radar-sightings');
const { addedAt, updatedAt, revisions, ...content } = stamped;
const reason = { en: 'Location precision added', zh: '补充位置精度' };

describe('caseContentHash', () => {
  it('ignores the history fields, key order and number spelling', () => {
    expect(caseContentHash(content)).toBe(caseContentHash(stamped));
    const reordered = JSON.parse(JSON.stringify(Object.fromEntries(Object.entries(stamped).reverse())));
    expect(caseContentHash(reordered)).toBe(caseContentHash(stamped));
    expect(canonicalJson(JSON.parse('{"b":62.0,"a":[1,{"d":1,"c":2}]}'))).toBe('{"a":[1,{"c":2,"d":1}],"b":62}');
  });

  it('changes when any content changes', () => {
    expect(caseContentHash({ ...stamped, summary: { ...stamped.summary, en: 'other' } })).not.toBe(caseContentHash(stamped));
  });
});

describe('planRevision', () => {
  const known = { hash: caseContentHash(stamped), addedAt, updatedAt };

  it('adds a case it has never seen, on the given day', () => {
    expect(planRevision(content, undefined, '2026-12-01', undefined)).toMatchObject({
      kind: 'added',
      stamps: { addedAt: '2026-12-01', updatedAt: '2026-12-01', revisions: [{ date: '2026-12-01', reason: ADDED_REASON }] },
    });
  });

  it('leaves an unchanged case alone', () => {
    expect(planRevision(stamped, known, '2026-12-01', reason)).toMatchObject({ kind: 'unchanged', stamps: { addedAt, updatedAt, revisions } });
  });

  it('stamps a changed case with the day and reason, newest revision first, and does it once', () => {
    const edited = { ...stamped, location: { ...stamped.location, lat: 38.9 } };
    const plan = planRevision(edited, known, '2026-12-01', reason);
    expect(plan.kind).toBe('changed');
    expect(plan.stamps).toEqual({ addedAt, updatedAt: '2026-12-01', revisions: [{ date: '2026-12-01', reason }, ...revisions] });
    // Re-running on the stamped file with the old hash file (interrupted run) adds nothing more.
    const again = planRevision({ ...edited, ...plan.stamps }, known, '2026-12-01', reason);
    expect(again.stamps.revisions).toHaveLength(revisions.length + 1);
  });

  it('refuses to stamp a change without a reason', () => {
    expect(() => planRevision({ ...stamped, type: 'mass' }, known, '2026-12-01', undefined)).toThrow(MissingReasonError);
  });

  it('restores the stamps of a never-revised case whose fields a merge dropped, and refuses when history would be lost', () => {
    expect(planRevision(content, known, '2026-12-01', reason).stamps).toEqual({ addedAt, updatedAt, revisions });
    expect(() => planRevision(content, { ...known, updatedAt: '2026-11-30' }, '2026-12-01', reason)).toThrow(LostHistoryError);
  });

  it('keeps addedAt from the hash file when a merge dropped the stamps of a case that also changed', () => {
    const plan = planRevision({ ...content, type: 'mass' }, known, '2026-12-01', reason);
    expect(plan).toMatchObject({
      kind: 'changed',
      stamps: { addedAt, updatedAt: '2026-12-01', revisions: [{ date: '2026-12-01', reason }, ...revisions] },
    });
  });
});

describe('writeStamps', () => {
  const text = '{\n  "id": "x",\n  "location": {\n    "lat": 62.0\n  },\n  "images": []\n}';

  it('appends the fields at the end and leaves every other line as written', () => {
    const out = writeStamps(text, { addedAt: '2026-11-21', updatedAt: '2026-11-21', revisions: [{ date: '2026-11-21', reason: ADDED_REASON }] });
    expect(
      out.startsWith(
        '{\n  "id": "x",\n  "location": {\n    "lat": 62.0\n  },\n  "images": [],\n  "addedAt": "2026-11-21",\n  "updatedAt": "2026-11-21",\n  "revisions": [\n    {\n',
      ),
    ).toBe(true);
    expect(out.endsWith('\n  ]\n}')).toBe(true);
  });

  it('replaces the fields in place on a second stamp, keeping the final newline', () => {
    const first = writeStamps(`${text}\n`, {
      addedAt: '2026-11-21',
      updatedAt: '2026-11-21',
      revisions: [{ date: '2026-11-21', reason: ADDED_REASON }],
    });
    const next = {
      addedAt: '2026-11-21',
      updatedAt: '2026-12-01',
      revisions: [
        { date: '2026-12-01', reason },
        { date: '2026-11-21', reason: ADDED_REASON },
      ],
    };
    const second = writeStamps(first, next);
    expect(JSON.parse(second)).toEqual({ id: 'x', location: { lat: 62 }, images: [], ...next });
    expect(second).toContain('"lat": 62.0');
    expect(second.endsWith('}\n')).toBe(true);
  });
});

describe('formatCaseHashes', () => {
  it('writes one sorted line per case', () => {
    expect(formatCaseHashes({ b: { hash: 'h2', addedAt: 'a', updatedAt: 'u' }, a: { hash: 'h1', addedAt: 'a', updatedAt: 'u' } })).toBe(
      '{\n  "a": {"hash":"h1","addedAt":"a","updatedAt":"u"},\n  "b": {"hash":"h2","addedAt":"a","updatedAt":"u"}\n}\n',
    );
  });
});

describe('describeChanges', () => {
  it('names the changed fields in both languages, in a fixed order', () => {
    const after = {
      ...stamped,
      credibility: stamped.credibility === 'reported' ? 'official' : 'reported',
      location: { ...stamped.location, lat: 1, precision: 'area' },
      summary: { ...stamped.summary, en: 'x' },
    };
    expect(describeChanges(stamped, after)).toEqual({
      en: 'Updated: location precision, coordinates, credibility, summary',
      zh: '更新：位置精度、坐标、可信度、摘要',
    });
    expect(describeChanges(stamped, { ...stamped, images: [{ url: 'https://x.test/a.jpg', caption: { en: 'a', zh: '图' }, credit: 'x' }] })).toEqual({
      en: 'Updated: videos and images',
      zh: '更新：视频与图片',
    });
    expect(describeChanges(stamped, { ...stamped, updatedAt: '2030-01-01' })).toBeNull();
  });
});
