import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = resolve(here, '../../dist/web');

/**
 * Writes `.gz` and `.br` beside every text asset, so the api serves them pre-compressed
 * (@fastify/static `preCompressed`) without compressing on each request.
 */
function precompress(): Plugin {
  const compressible = /\.(?:js|css|html|json|svg)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  let builtInto = outDir;
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      // `vite build --outDir` (the browser tests build into a temporary folder) overrides ours.
      builtInto = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(builtInto).filter((path) => compressible.test(path))) {
        const body = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

export default defineConfig({
  root: here,
  base: '/',
  // The explorer must work offline and behind a firewall: everything it loads is in dist/web.
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    reportCompressedSize: false,
    // ECharts (about 190 KB gzipped) is one lazy chunk that only the map and chart views load.
    chunkSizeWarningLimit: 600,
  },
  // The typed client generated from the api's OpenAPI document (the same alias as tsconfig.json's).
  resolve: { alias: { '@app/api-client': resolve(here, '../../libs/api-client/src') } },
  plugins: [precompress()],
});
