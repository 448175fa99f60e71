// `npm run generate:documents-glossary`: writes libs/documents/src/glossary/glossary-entries.json
// from the repository's bilingual data (see glossary-sources.ts); its spec fails when it is stale.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { glossaryJson } from '../libs/documents/src/glossary/glossary-sources';

const root = join(__dirname, '..');
writeFileSync(join(root, 'libs/documents/src/glossary/glossary-entries.json'), glossaryJson(root));
console.log('wrote libs/documents/src/glossary/glossary-entries.json');
