import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Environment } from './environment';

/** docs/configuration.md's table, one variable per row: the name and the default as written. */
function documentedDefaults(): Map<string, string> {
  const page = readFileSync(join(__dirname, '../../../docs/configuration.md'), 'utf8');
  const rows = [...page.matchAll(/^\| `([A-Z_]+)` +\| ([^|]+?) +\|/gm)];
  return new Map(rows.map(([, name, written]) => [name, written]));
}

/** How the page writes a default: the value in backticks, `empty` for an empty string, `none` when unset. */
function written(value: unknown): string {
  if (value === undefined) return 'none';
  if (value === '') return 'empty';
  return `\`${String(value)}\``;
}

describe('docs/configuration.md', () => {
  const documented = documentedDefaults();
  const defaults = Object.entries(new Environment());

  it('lists every setting the apps read, once, and nothing else', () => {
    expect([...documented.keys()].sort()).toEqual(defaults.map(([name]) => name).sort());
  });

  it.each(defaults)('gives %s its default from environment.ts', (name, value) => {
    expect(documented.get(name)).toBe(written(value));
  });
});
