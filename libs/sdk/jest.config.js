// An ES module (libs/sdk/package.json is `"type": "module"`); jest loads it as the others.
// The SDK's sources import each other with `.js`, as their ESM build runs in Node; jest reads
// the `.ts` files.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const dir = path.dirname(fileURLToPath(import.meta.url));
const base = require('../../jest.preset.js')('sdk', dir);

export default {
  ...base,
  moduleNameMapper: { ...base.moduleNameMapper, '^(\\.{1,2}/.*)\\.js$': '$1' },
};
