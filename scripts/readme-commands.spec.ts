import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
const ci = readFileSync(join(ROOT, '.ci/run'), 'utf8');

/** The commands the README shows: every shell line of its code blocks and every inline `npm …`/`node …`/`docker …`. */
const blocks = [...readme.matchAll(/```bash\n([\s\S]*?)```/g)].flatMap((match) => match[1].split('\n'));
const inline = [...readme.matchAll(/`((?:npm|node|docker) [^`]+)`/g)].map((match) => match[1]);
const commands = [
  ...new Set(
    [...blocks, ...inline]
      .map((line) => line.replace(/#.*$/, '').trim())
      .filter(Boolean)
      .flatMap((line) => line.split('&&').map((part) => part.trim())),
  ),
];

describe('the commands the README shows', () => {
  it('are found', () => {
    expect(commands).toEqual(expect.arrayContaining(['npm ci', 'npm start', 'npm test', 'docker compose up']));
  });

  it.each(commands)('%s is run by CI or checked by a test', (command) => {
    const npm = /^npm (?:run )?([\w:-]+)/.exec(command);
    const compose = /^docker compose(?: -f (\S+))? /.exec(command);
    if (npm && ['ci', 'test'].includes(npm[1])) {
      // .ci/run runs them as written.
      expect(ci).toMatch(new RegExp(`^npm ${npm[1]}\\b`, 'm'));
    } else if (npm) {
      // An npm script: package-scripts.spec.ts checks that the file each one runs exists.
      expect(Object.keys(scripts)).toContain(npm[1]);
    } else if (compose) {
      // deployment-files.spec.ts validates every compose file with `docker-compose config`.
      expect(existsSync(join(ROOT, compose[1] ?? 'docker-compose.yml'))).toBe(true);
    } else {
      throw new Error(`no check covers \`${command}\`: run it in .ci/run or a test, or leave it to a docs page`);
    }
  });
});
