import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');
const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

/** Every `node <file>` an npm script runs, with the script's name. */
const nodeTargets = Object.entries(scripts).flatMap(([name, command]) =>
  [...command.matchAll(/(?:^|&&|;|\|\|)\s*node\s+(?:-\S+\s+)*([^\s;&|]+)/g)].map((match) => ({ name, file: match[1] })),
);

/** Built output does not exist before `nest build`; its source does. */
function sourceOf(file: string): string {
  const built = /^dist\/apps\/([^/]+)\/main\.js$/.exec(file);
  return built ? `apps/${built[1]}/src/main.ts` : file;
}

describe('package.json scripts', () => {
  it('finds the node commands to check', () => {
    expect(nodeTargets.map((t) => t.name)).toEqual(expect.arrayContaining(['es:local', 'start', 'bench', 'ingest']));
  });

  it.each(nodeTargets)('$name runs a file that exists: $file', ({ file }) => {
    expect(existsSync(join(ROOT, sourceOf(file)))).toBe(true);
  });
});
