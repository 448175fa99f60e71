// Lets a plain Node script require the project's TypeScript sources (apps/*, and libs/* by their
// @app/* names) as the api and the ingest run them: transpiled on load by ts-node, paths from tsconfig.json.
const { join } = require('node:path');

const root = join(__dirname, '..', '..');
require('ts-node').register({ transpileOnly: true, project: join(root, 'tsconfig.json') });
const tsconfigPaths = require('tsconfig-paths');
const paths = tsconfigPaths.loadConfig(root);
tsconfigPaths.register({ baseUrl: paths.absoluteBaseUrl, paths: paths.paths });
