// Checks data/well-known-incidents.csv, the list of well-known incidents with a government record
// and what the archive does with each: every case it names exists, and every incident left out
// says why (see data/README.md, "Well-known incidents").
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';

const DATA = join(__dirname, '..', '..', 'data');
const COLUMNS = ['incident', 'year', 'country', 'government_record', 'status', 'case_id', 'note'];
const STATUSES = ['in archive', 'added', 'left out'];

type Row = Record<string, string>;

/** Every way a row can be wrong, one line each, so a reviewer fixes the file in one pass. */
function listProblems(rows: Row[], caseIds: Set<string>): string[] {
  const seen = new Set<string>();
  return rows.flatMap((row, i) => {
    const where = `row ${i + 2} (${row.incident || 'no incident'})`;
    const problems: string[] = [];
    if (!row.incident?.trim()) problems.push(`${where}: no incident name`);
    if (!/^(19|20)\d\d$/.test(row.year ?? '')) problems.push(`${where}: year "${row.year}" is not a year`);
    if (!/^[A-Z]{2}$/.test(row.country ?? '')) problems.push(`${where}: country "${row.country}" is not a two-letter code`);
    if (!row.government_record?.trim()) problems.push(`${where}: no government record named`);
    if (!STATUSES.includes(row.status)) problems.push(`${where}: status "${row.status}" is not one of ${STATUSES.join(', ')}`);
    if (row.status === 'left out') {
      if (row.case_id) problems.push(`${where}: left out but names case ${row.case_id}`);
      if (!row.note?.trim()) problems.push(`${where}: left out without saying why`);
    } else if (STATUSES.includes(row.status)) {
      if (!caseIds.has(row.case_id)) problems.push(`${where}: ${row.status} but case "${row.case_id}" does not exist`);
      else if (seen.has(row.case_id)) problems.push(`${where}: case ${row.case_id} is listed twice`);
      seen.add(row.case_id);
    }
    return problems;
  });
}

const rows: Row[] = parse(readFileSync(join(DATA, 'well-known-incidents.csv')), { columns: true, bom: true });
const caseIds = new Set(readdirSync(join(DATA, 'cases')).map((file) => file.replace(/\.json$/, '')));

describe('data/well-known-incidents.csv', () => {
  it('has the documented columns', () => {
    expect(Object.keys(rows[0])).toEqual(COLUMNS);
  });

  it('names only cases that exist, and gives a reason for every incident left out', () => {
    expect(listProblems(rows, caseIds)).toEqual([]);
  });

  it('covers every decade from the 1940s to the 2020s', () => {
    const decades = new Set(rows.map((row) => row.year.slice(0, 3)));
    expect(['194', '195', '196', '197', '198', '199', '200', '201', '202'].filter((decade) => !decades.has(decade))).toEqual([]);
  });

  it('fails on a broken copy: a missing case, a left-out row with no reason, a case listed twice', () => {
    const broken = [
      { ...rows[0], case_id: 'no-such-case' },
      { ...rows[0], status: 'left out', case_id: '', note: '' },
      ...rows.filter((row) => row.case_id).slice(0, 1),
      ...rows.filter((row) => row.case_id).slice(0, 1),
    ];
    expect(listProblems(broken, caseIds)).toEqual([
      expect.stringContaining('case "no-such-case" does not exist'),
      expect.stringContaining('left out without saying why'),
      expect.stringContaining('is listed twice'),
    ]);
  });
});
