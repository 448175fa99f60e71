#!/usr/bin/env node
// Writes N synthetic, valid case records as NDJSON, for load tests and the benchmark only.
//
//   node scripts/generate-cases.mjs --count 100000 [--out cases.ndjson] [--bulk bulk.ndjson]
//
// Deterministic: the same --count gives the same bytes. Every record says it is synthetic (id
// prefix `synthetic-`, titles "Synthetic test case" / "合成测试案例", sources on example.org, a
// reserved example domain). The shape of each record (type, credibility, tranche, place, videos
// and any field the archive adds later) is copied from a bundled case in data/cases taken in
// turn, so generated records stay valid when the record format grows. --bulk also writes the
// same documents as an Elasticsearch `_bulk` body for `POST /<index>/_bulk` (action line + the
// search document), which the benchmark sends raw as its baseline for ingest.
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const TEMPLATES = join(root, 'data', 'cases');

const WORDS_EN = [
  'light',
  'object',
  'radar',
  'track',
  'sensor',
  'observer',
  'formation',
  'altitude',
  'signal',
  'report',
  'crew',
  'night',
  'sky',
  'coast',
  'range',
  'contact',
];
const WORDS_ZH = ['光点', '物体', '雷达', '航迹', '传感器', '观察者', '编队', '高度', '信号', '报告', '机组', '夜间', '天空', '海岸', '靶场', '接触'];

/** A small deterministic generator (mulberry32), so output never depends on Math.random. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function loadTemplates() {
  return readdirSync(TEMPLATES)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(TEMPLATES, name), 'utf8')));
}

function sentence(next, words, count, joiner) {
  return Array.from({ length: count }, () => words[Math.floor(next() * words.length)]).join(joiner);
}

/** The n-th synthetic case (n from 0). */
export function syntheticCase(n, templates) {
  const template = templates[n % templates.length];
  const next = random(n + 1);
  const serial = String(n + 1).padStart(7, '0');
  const year = 1940 + Math.floor(next() * 86);
  const month = 1 + Math.floor(next() * 12);
  const day = 1 + Math.floor(next() * 28);
  const date = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const paragraphs = 4 + Math.floor(next() * 4);
  const detailEn = Array.from({ length: paragraphs }, () => `Synthetic text: ${sentence(next, WORDS_EN, 60, ' ')}.`).join('\n\n');
  const detailZh = Array.from({ length: paragraphs }, () => `合成文本：${sentence(next, WORDS_ZH, 60, '')}。`).join('\n\n');
  return {
    ...template,
    id: `synthetic-${serial}`,
    date,
    datePrecision: 'day',
    dateDisplay: { en: `${date} (synthetic)`, zh: `${year}年${month}月${day}日（合成）` },
    title: {
      en: `Synthetic test case ${serial}: ${sentence(next, WORDS_EN, 3, ' ')}`,
      zh: `合成测试案例 ${serial}：${sentence(next, WORDS_ZH, 3, '')}`,
    },
    summary: {
      en: `Synthetic record for load testing, not a real case: ${sentence(next, WORDS_EN, 25, ' ')}.`,
      zh: `用于负载测试的合成记录，并非真实案例：${sentence(next, WORDS_ZH, 25, '')}。`,
    },
    detail: { en: detailEn, zh: detailZh },
    specs: [],
    images: [],
    relatedIds: [],
    sources: [{ label: 'Synthetic test data (not a real source)', url: `https://example.org/synthetic/${serial}` }],
  };
}

function write(stream, text) {
  return stream.write(text) ? undefined : new Promise((resolve) => stream.once('drain', resolve));
}

/** The ingest CLI's own toSearchDocument (apps/ingest), loaded from its TypeScript. */
function searchDocumentOfIngest() {
  const require = createRequire(import.meta.url);
  require('./support/load-typescript.cjs');
  return require('../apps/ingest/src/indexing/case-indexer').toSearchDocument;
}

async function main() {
  const { values } = parseArgs({
    options: { count: { type: 'string', default: '1000' }, out: { type: 'string' }, bulk: { type: 'string' } },
  });
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1) throw new Error('--count must be a positive integer');
  const templates = loadTemplates();
  const out = values.out ? createWriteStream(values.out) : process.stdout;
  const bulk = values.bulk ? createWriteStream(values.bulk) : null;
  // The raw `_bulk` baseline sends exactly what the ingest CLI indexes for each record.
  const toSearchDocument = bulk ? searchDocumentOfIngest() : undefined;
  for (let n = 0; n < count; n += 1) {
    const record = syntheticCase(n, templates);
    await write(out, `${JSON.stringify(record)}\n`);
    if (bulk) await write(bulk, `${JSON.stringify({ index: { _id: record.id } })}\n${JSON.stringify(toSearchDocument(record))}\n`);
  }
  await Promise.all([out, bulk].filter((s) => s && s !== process.stdout).map((s) => new Promise((resolve) => s.end(resolve))));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`generate-cases: ${error.message}`);
    process.exit(1);
  });
}
