#!/usr/bin/env node
// Writes elastic/index/zh-traditional-to-simplified.json: one `traditional => simplified` rule per
// character, for the `mapping` char filter that the Chinese analyzers apply at index and at query
// time, so that 羅斯威爾 and 罗斯威尔 become the same tokens. The data is OpenCC's, from the npm
// package opencc-js: its Taiwan and Hong Kong variant tables followed by its Traditional-to-
// Simplified character table, i.e. what OpenCC's tw->cn and hk->cn converters do to one character.
// Character-level (not phrase-level) conversion is enough here: both sides of every match go
// through the same table, so a character that OpenCC would only convert inside some phrases
// still compares equal.
//
//   node scripts/zh-traditional-to-simplified.mjs [--check]   (--check: exit 1 if the file is stale)
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import * as OpenCC from 'opencc-js';

const { version } = JSON.parse(readFileSync(new URL('../node_modules/opencc-js/package.json', import.meta.url), 'utf8'));
const OUT = new URL('../elastic/index/zh-traditional-to-simplified.json', import.meta.url);

const sources = ['TSCharacters', 'TWVariantsRev', 'HKVariantsRev'];
const characters = new Set();
for (const name of sources) {
  const { default: table } = await import(`opencc-js/dict/${name}`);
  for (const entry of table.split('|')) {
    const [from] = entry.split(' ');
    if ([...from].length === 1) characters.add(from);
  }
}

const converters = [OpenCC.Converter({ from: 'tw', to: 'cn' }), OpenCC.Converter({ from: 'hk', to: 'cn' })];
const rules = [];
for (const character of [...characters].sort()) {
  const simplified = converters.map((convert) => convert(character)).find((result) => result !== character);
  if (simplified) rules.push(`${character} => ${simplified}`);
}

const text = `[\n${rules.map((rule) => `  ${JSON.stringify(rule)}`).join(',\n')}\n]\n`;
if (parseArgs({ options: { check: { type: 'boolean', default: false } } }).values.check) {
  const current = readFileSync(OUT, 'utf8');
  if (current !== text) {
    console.error(`${OUT.pathname} is not what opencc-js ${version} gives: run node scripts/zh-traditional-to-simplified.mjs`);
    process.exit(1);
  }
  console.log(`${OUT.pathname} is up to date (${rules.length} rules, opencc-js ${version})`);
} else {
  writeFileSync(OUT, text);
  console.log(`wrote ${rules.length} rules from opencc-js ${version} (${sources.join(', ')}) to ${OUT.pathname}`);
}
