import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Environment } from './environment';
import { McpEnvironment } from './mcp-environment';

/** A docs page's settings table, one variable per row: the name and the default as written. */
function documentedDefaults(file: string): Map<string, string> {
  const page = readFileSync(join(__dirname, '../../../docs', file), 'utf8');
  const rows = [...page.matchAll(/^\| `([A-Z_]+)` +\| ([^|]+?) +\|/gm)];
  return new Map(rows.map(([, name, written]) => [name, written]));
}

/** How the page writes a default: the value in backticks, `empty` for an empty string, `none` when unset. */
function written(value: unknown): string {
  if (value === undefined) return 'none';
  if (value === '') return 'empty';
  return `\`${String(value)}\``;
}

describe.each([
  ['configuration.md', 'environment.ts', new Environment()],
  ['mcp.md', 'mcp-environment.ts', new McpEnvironment()],
])('docs/%s', (file, source, settings) => {
  const documented = documentedDefaults(file);
  const defaults = Object.entries(settings);

  it(`lists every setting of ${source}, once, and nothing else`, () => {
    expect([...documented.keys()].sort()).toEqual(defaults.map(([name]) => name).sort());
  });

  it.each(defaults)(`gives %s its default from ${source}`, (name, value) => {
    expect(documented.get(name)).toBe(written(value));
  });
});
