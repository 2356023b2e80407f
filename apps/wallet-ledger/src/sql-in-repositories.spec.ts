import { execFileSync } from 'node:child_process';
import path from 'node:path';

// The lint rule that keeps SQL in repositories (eslint.config.mjs, `sqlInRepositories`): a value
// import of drizzle-orm in an app outside a repository, `schema.ts`, test code or migrations
// fails the lint; a type-only import does not.

const root = path.resolve(__dirname, '../../..');

/**
 * Lints each code as if it were its file, with the repository's own config, and gives the
 * messages of the restricted-imports rule. ESLint loads eslint.config.mjs with a dynamic import,
 * which jest's module sandbox refuses: it runs in a node of its own.
 */
function restrictedImports(cases: { code: string; file: string }[]): string[][] {
  const script = `
    import { ESLint } from 'eslint';
    const cases = JSON.parse(process.argv[1]);
    const eslint = new ESLint({ cwd: process.cwd() });
    const found = [];
    for (const { code, file } of cases) {
      const [result] = await eslint.lintText(code, { filePath: file });
      found.push(result.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.fatal));
    }
    process.stdout.write(' @@found ' + JSON.stringify(found));
  `;
  const output = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', script, JSON.stringify(cases)],
    { cwd: root, encoding: 'utf8' },
  );
  // Nx's lint rule may print a warning first (no cached project graph on a fresh clone).
  const found = JSON.parse(output.slice(output.lastIndexOf('@@found ') + 8)) as {
    message: string;
    fatal?: boolean;
  }[][];
  // A file that does not parse is no proof either way.
  expect(found.flat().filter((m) => m.fatal)).toEqual([]);
  return found.map((messages) => messages.map((m) => m.message));
}

const valueImport = "import { eq } from 'drizzle-orm';\n\nexport const byId = eq;\n";
const subpathImport =
  "import { union } from 'drizzle-orm/pg-core';\n\nexport const both = union;\n";
const typeImport =
  "import type { SQL } from 'drizzle-orm';\n\nexport type Scope = SQL | undefined;\n";
const service = 'apps/trading/src/assets/assets.service.ts';

describe('SQL only in repositories (lint)', () => {
  let found: string[][];
  beforeAll(() => {
    found = restrictedImports([
      { code: valueImport, file: service },
      { code: subpathImport, file: 'apps/wallet-ledger/src/transfers/group-commit.ts' },
      { code: valueImport, file: 'apps/trading/src/assets/assets.repository.ts' },
      { code: typeImport, file: service },
      { code: valueImport, file: 'apps/trading/src/schema.ts' },
      { code: valueImport, file: 'apps/trading/src/assets/assets.service.spec.ts' },
      { code: valueImport, file: 'libs/persistence/src/database.ts' },
      { code: valueImport, file: 'apps/wallet-ledger/src/chain/nonces.ts' },
      { code: valueImport, file: 'apps/wallet-ledger/src/chain/chain.repository.ts' },
    ]);
  }, 60_000);

  it("refuses a value import of drizzle-orm in a feature's service, and of its subpaths", () => {
    expect(found[0]).toEqual([expect.stringMatching(/^'drizzle-orm' import is restricted/)]);
    expect(found[0]?.[0]).toContain('repository');
    expect(found[1]).toEqual([
      expect.stringMatching(/^'drizzle-orm\/pg-core' import is restricted/),
    ]);
  });

  it("allows it in the feature's repository", () => {
    expect(found[2]).toEqual([]);
  });

  it('allows a type-only import in a service', () => {
    expect(found[3]).toEqual([]);
  });

  it('allows it in schema.ts, specs and libs', () => {
    expect(found.slice(4, 7)).toEqual([[], [], []]);
  });

  it("refuses it in wallet-ledger's chain adapter too, outside its repository", () => {
    expect(found[7]).toEqual([expect.stringMatching(/^'drizzle-orm' import is restricted/)]);
    expect(found[8]).toEqual([]);
  });
});
