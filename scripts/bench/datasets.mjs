// The archives a run measures: the bundled one, or synthetic ones generated once per work folder.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { waitExit } from '../local-stack.mjs';
import { log, QUIET, root, work } from './settings.mjs';

export async function generated(count) {
  const ndjson = join(work, `${count}.ndjson`);
  const bulk = join(work, `${count}.bulk`);
  if (!existsSync(ndjson) || !existsSync(bulk)) {
    log(`generating ${count} synthetic cases in ${work}`);
    const child = spawn(process.execPath, [join(root, 'scripts', 'generate-cases.mjs'), '--count', String(count), '--out', ndjson, '--bulk', bulk], {
      stdio: QUIET,
    });
    if ((await waitExit(child)) !== 0) throw new Error('generate-cases failed');
  }
  return { ndjson, bulk };
}
