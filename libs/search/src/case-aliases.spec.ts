import { existsSync } from 'node:fs';
import { join } from 'node:path';
import aliasFile from '../../../elastic/index/case-aliases.json';
import { findAliases } from './case-aliases';

describe('findAliases', () => {
  it('finds a name as the same words in a row, in any letter case and with punctuation around them', () => {
    expect(findAliases(['the', '"Washington', 'Flap"', '1952'])).toEqual([{ cases: ['1952-washington-dc-radar-sightings'], words: [1, 2] }]);
    expect(findAliases(['battle', 'of', 'la'])).toEqual([{ cases: ['1942-battle-of-los-angeles'], words: [0, 1, 2] }]);
    expect(findAliases(['Washington', 'radar'])).toEqual([]);
    expect(findAliases(['flap', 'Washington'])).toEqual([]);
  });

  it('finds a Chinese name within a word, Traditional input read as Simplified', () => {
    expect(findAliases(['1942年洛杉矶大空袭'])).toEqual([{ cases: ['1942-battle-of-los-angeles'], words: [0] }]);
    expect(findAliases(['洛杉磯大空襲'])).toEqual([{ cases: ['1942-battle-of-los-angeles'], words: [0] }]);
  });

  it('gives every alias a source that uses its names, and names only cases of the archive', () => {
    for (const alias of aliasFile.aliases) {
      expect(alias.source.label.length).toBeGreaterThan(0);
      expect(alias.source.url).toMatch(/^https?:\/\//);
      for (const id of alias.cases) expect(existsSync(join(__dirname, '..', '..', '..', 'data', 'cases', `${id}.json`))).toBe(true);
    }
  });
});
