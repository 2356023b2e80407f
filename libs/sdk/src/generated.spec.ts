import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The committed types must be what `node --import tsx tools/sdk/generate.ts` makes of the
// documents the gateway serves (built in-process from its route table, as
// apps/gateway/src/docs/openapi-lint.spec.ts does): a route or schema changed without
// regenerating fails here. The generator runs as a child process: openapi-typescript and
// prettier are ES modules that jest's CommonJS runtime cannot load.
const ROOT = path.resolve(__dirname, '../../..');
const GENERATED = path.join(__dirname, 'generated');

function check(...args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'tools/sdk/generate.ts', '--check', ...args],
      { cwd: ROOT, timeout: 110_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

describe('the generated types', () => {
  let scratch: string;
  beforeAll(() => {
    scratch = mkdtempSync(path.join(tmpdir(), 'sdk-generated-'));
    for (const file of ['v1.ts', 'v2.ts'])
      copyFileSync(path.join(GENERATED, file), path.join(scratch, file));
    const v2 = path.join(scratch, 'v2.ts');
    writeFileSync(v2, readFileSync(v2, 'utf8').replace('accessToken: string;', 'token: string;'));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  // One generator run checks both: v1 (the committed file) is what the generator makes of the
  // documents served under a public base URL, and v2 (changed in the copy) is found stale. That
  // the committed files are what it makes without a base URL, apps/stack-e2e/src/sdk.spec.ts
  // checks against the documents a running gateway serves. Each run costs seconds of CPU.
  it('fail the check when they differ (a stale file), and not because of the base URL', async () => {
    const stale = await check('--dir', scratch, '--public-base-url', 'https://api.example.com');
    expect(stale.code).toBe(1);
    expect(stale.output).toContain('stale generated types:');
    expect(stale.output).toContain('v2.ts');
    expect(stale.output).not.toContain('v1.ts');
  }, 120_000);
});
