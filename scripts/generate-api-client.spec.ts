import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');
const GENERATED = join(ROOT, 'libs', 'api-client', 'src', 'generated', 'openapi.ts');

/** `node scripts/generate-api-client.mjs --check`: builds the api's OpenAPI document from the code (no engine) and compares. */
function check(...args: string[]) {
  return spawnSync(process.execPath, [join(ROOT, 'scripts', 'generate-api-client.mjs'), '--check', ...args], { cwd: ROOT, encoding: 'utf8' });
}

describe('the typed client generated from the OpenAPI document (libs/api-client)', () => {
  it('is up to date with the document the api serves; after changing a DTO or parameter, run npm run generate:api-client', () => {
    const result = check();
    // The script's own message says which file is stale and which command regenerates it.
    if (result.status !== 0) throw new Error(result.stderr || result.stdout);
    expect(result.stdout).toContain('is up to date');
  });

  it('is reported stale, naming the npm script that regenerates it, when the document changed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'api-client-'));
    try {
      const stale = join(dir, 'openapi.ts');
      // What a branch sees after a rebase brought in a new list parameter it has not regenerated for.
      writeFileSync(stale, readFileSync(GENERATED, 'utf8').replace(/\bcursor\?: string;/, ''));
      const result = check('--out', stale);
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/openapi\.ts is stale against the api's OpenAPI document: run `npm run generate:api-client`/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
