// What the explorer's browser tests share: a fresh build of apps/web, and Debian's Chromium driven
// by playwright-core with no internet (images at other hosts answer a blank PNG).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

const ROOT = join(__dirname, '..', '..');

/** Debian installs Chromium here (`apt-get install chromium`); .ci/run installs it when missing. */
export const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Stands in for images at other hosts: the tests run without internet access. */
const BLANK_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mP8/x8AAwMCAO+ip1sAAAAASUVORK5CYII=', 'base64');

/** The `describe` of the browser tests: skipped, saying why, on a machine without Chromium. */
export function describeInBrowser(name: string, tests: () => void): void {
  if (!CHROMIUM) console.warn(`[explorer] ${name}: SKIPPED, no Chromium at /usr/bin/chromium (install it with \`apt-get install chromium\`)`);
  (CHROMIUM ? describe : describe.skip)(name, tests);
}

/** A fresh build into a temporary folder, so a test never runs against a stale dist/web. */
export function buildExplorer(): string {
  const webRoot = mkdtempSync(join(tmpdir(), 'explorer-web-'));
  execFileSync(
    process.execPath,
    [
      join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--config',
      join(ROOT, 'apps', 'web', 'vite.config.mts'),
      '--outDir',
      webRoot,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    {
      cwd: ROOT,
      stdio: 'inherit',
      // Jest sets NODE_ENV=test, which would keep libraries' development code in the bundle.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  return webRoot;
}

export interface ExplorerBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Chromium with a throwaway profile; every request off `baseUrl` gets a blank image instead. */
export async function launchExplorerBrowser(baseUrl: string): Promise<ExplorerBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'explorer-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: { width: 1280, height: 900 },
  });
  await context.route(
    (url) => !url.href.startsWith(baseUrl) && !url.href.startsWith('data:'),
    (route) => route.fulfill({ status: 200, contentType: 'image/png', body: BLANK_PNG }),
  );
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Collects a page's console errors and uncaught errors, which every explorer test expects none of. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}
