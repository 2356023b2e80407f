import { spawnSync } from 'node:child_process';
import path from 'node:path';

const script = `
  const { failpoint } = require(${JSON.stringify(path.join(__dirname, 'index.ts'))});
  failpoint('demo.point');
  console.log('survived');
`;

function run(failpoints: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', '-e', script], {
    env: { ...process.env, FAILPOINTS: failpoints },
    encoding: 'utf8',
  });
}

describe('failpoint', () => {
  it('kills the process with SIGKILL when its name is enabled', () => {
    const result = run('other,demo.point');
    expect(result.signal).toBe('SIGKILL');
    expect(result.stdout).not.toContain('survived');
  });

  it('does nothing when its name is not enabled', () => {
    const result = run('other');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('survived');
  });
});
