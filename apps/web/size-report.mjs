#!/usr/bin/env node
// `npm run size:web [-- dir]`: what each view of the built explorer downloads, raw and compressed,
// from the .gz/.br files the build writes (the api serves exactly those). Run after `npm run build:web`.
// Exits 1 when the first view passes its budget of 300 KB compressed.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = process.argv[2] ?? join(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '../../dist/web');
const FIRST_VIEW_BUDGET_KB = 300;
const assets = readdirSync(join(root, 'assets'));
const asset = (prefix) =>
  join(
    'assets',
    assets.find((name) => name.startsWith(prefix) && !/\.(gz|br)$/.test(name)),
  );

// What index.html loads, and what each view then imports lazily.
const firstView = [
  'index.html',
  ...[...readFileSync(join(root, 'index.html'), 'utf8').matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]),
];
const views = {
  'first view (search)': firstView,
  'map view, in all': [...firstView, asset('echarts-setup-'), asset('case-map-'), asset('countries-110m-')],
  'charts view, in all': [...firstView, asset('echarts-setup-'), asset('stats-charts-')],
  'documents view, in all': [...firstView, asset('documents-view-'), asset('document-labels-')],
  'page reader, in all': [...firstView, asset('document-reader-'), asset('document-labels-')],
};
const size = (file) => statSync(join(root, file)).size;
for (const [view, files] of Object.entries(views)) {
  const [raw, gzip, brotli] = ['', '.gz', '.br'].map((suffix) => files.reduce((sum, file) => sum + size(file + suffix), 0) / 1024);
  console.log(`${view}: ${raw.toFixed(1)} KB raw, ${gzip.toFixed(1)} KB gzip, ${brotli.toFixed(1)} KB brotli`);
  if (files === firstView && gzip > FIRST_VIEW_BUDGET_KB) {
    console.error(`the first view is over its budget of ${FIRST_VIEW_BUDGET_KB} KB compressed`);
    process.exitCode = 1;
  }
}
