#!/usr/bin/env node
// Candidate pairs of cases that may tell one incident (data/README.md#linked-incidents): every pair
// of cases whose dates could be one day (both day-precise and at most two days apart, or a month- or
// day-precise case inside another's month), and every record id or case id one case cites that
// belongs to another. Prints each with whether the two are linked by relatedIds; a person decides,
// from the records, which to link. Figures only; nothing here passes or fails.
//
//   node scripts/incident-pairs.mjs
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'data', 'cases');
const cases = readdirSync(dir)
  .filter((file) => file.endsWith('.json'))
  .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')))
  .sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id));

const DAY = 86_400_000;
const MAX_DAYS_APART = 2;
const days = (a, b) => Math.abs(Date.parse(a.date) - Date.parse(b.date)) / DAY;
const linked = (a, b) => (a.relatedIds.includes(b.id) ? 'linked' : 'not linked');
const describe = (c) => `${c.id} (${c.tranche}, ${c.datePrecision} ${c.date}, ${c.location.name.en})`;
const RECORD_ID = /[A-Z]+(?:-[A-Z]+)*-(?:D|PR)\d+/g;
const recordIds = (c) => c.specs.filter((spec) => spec.label.en.startsWith('Record ID')).flatMap((spec) => spec.value.en.match(RECORD_ID) ?? []);

const out = { 'dates that could be one day': [], 'one record id in two cases': [], 'a case that names another': [] };
for (const [i, a] of cases.entries()) {
  for (const b of cases.slice(i + 1)) {
    const bothDays = a.datePrecision === 'day' && b.datePrecision === 'day' && days(a, b) <= MAX_DAYS_APART;
    const inMonth =
      [a, b].some((c) => c.datePrecision === 'month') &&
      [a, b].every((c) => c.datePrecision === 'month' || c.datePrecision === 'day') &&
      a.date.slice(0, 7) === b.date.slice(0, 7);
    if (bothDays || inMonth) out['dates that could be one day'].push(`${describe(a)}\n    ${describe(b)}: ${linked(a, b)}`);
    const shared = recordIds(a).filter((id) => recordIds(b).includes(id));
    if (shared.length) out['one record id in two cases'].push(`${a.id} / ${b.id}: ${shared.join(', ')}; ${linked(a, b)}`);
  }
  for (const b of cases) {
    if (b.id !== a.id && `${a.summary.en} ${a.detail.en}`.includes(b.id))
      out['a case that names another'].push(`${a.id} -> ${b.id}: ${linked(a, b)}`);
  }
}
console.log(`${cases.length} cases`);
for (const [heading, lines] of Object.entries(out)) console.log(`\n## ${heading} (${lines.length})\n${lines.map((line) => `- ${line}`).join('\n')}`);
