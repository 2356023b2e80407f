import { readFileSync } from 'node:fs';
import path from 'node:path';

// The README shows src/example.ts verbatim (but for the module its import names).
describe('the README example', () => {
  it('is src/example.ts', () => {
    const readme = readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8');
    const example = readFileSync(path.join(__dirname, 'example.ts'), 'utf8');
    const code = example
      .slice(example.indexOf('import { createServer }'))
      .replace("from './portable.js';", "from '@custody/sdk';");
    const block = readme.slice(readme.indexOf('## Example'));
    const shown = block.slice(block.indexOf('```ts\n') + 6, block.lastIndexOf('```'));
    expect(shown).toBe(code);
  });
});
