import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');
// The one definition: elastic/local/pom.xml, which es-local.js reads (and the e2e tier's image with it).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { VERSION } = require('../elastic/local/es-local.js') as { VERSION: string };
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

describe('the Elasticsearch version', () => {
  it('is read from elastic/local/pom.xml', () => {
    expect(VERSION).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it.each(['docker-compose.yml', 'docker-compose.cluster.yml'])('is the image %s runs', (file) => {
    const images = [...read(file).matchAll(/elasticsearch\/elasticsearch:(\S+)/g)].map((match) => match[1]);
    expect(images.length).toBeGreaterThan(0);
    expect(new Set(images)).toEqual(new Set([VERSION]));
  });

  const pages = [
    'README.md',
    ...readdirSync(join(ROOT, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`),
  ];
  it.each(pages)('is the one %s names (a major.minor mention names its series)', (file) => {
    for (const [, named] of read(file).matchAll(/Elasticsearch (\d+\.\d+(?:\.\d+)?)\b/g)) {
      expect(`${VERSION}.`.startsWith(`${named}.`)).toBe(true);
    }
  });
});
