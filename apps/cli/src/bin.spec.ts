// The `custody` binary as a subprocess: the launcher (tsx), exit statuses and Ctrl-C/SIGTERM.
import { execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fakeServer, json, tempConfig, tokenResponse, until } from './test-harness';

const BIN = join(__dirname, '..', 'bin', 'custody.mjs');
const exec = promisify(execFile);

async function custody(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await exec(process.execPath, [BIN, ...args], {
      env: { ...{}, ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('bin/custody.mjs', () => {
  it('prints help with exit status 0', async () => {
    const result = await custody(['--help'], {});
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: custody /);
  });

  it('exits 1 with the error code on stderr', async () => {
    const config = tempConfig();
    try {
      const result = await custody(['users', 'list'], { CUSTODY_CONFIG_DIR: config.dir });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^error not_logged_in: /);
    } finally {
      config.remove();
    }
  });

  it('stops `events tail` on SIGTERM with exit status 0', async () => {
    const event = { id: 'e1', event: 'user.is-created', createdAt: 'now', tenantId: 't', data: {} };
    const server = await fakeServer((request, res) => {
      if (request.path === '/v1/tokens') return json(res, 201, tokenResponse());
      const after = request.query.get('after');
      json(res, 200, after ? [] : [event], { link: '</v1/events?after=1>; rel="next"' });
    });
    const config = tempConfig(server.url);
    try {
      const child = spawn(
        process.execPath,
        [BIN, 'events', 'tail', '--json', '--from-start', '--poll-interval', '50'],
        { env: { ...{}, ...process.env, CUSTODY_CONFIG_DIR: config.dir } },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      await until(() => stdout.includes('\n'), 20_000);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(JSON.parse(stdout)).toEqual(event);
      expect(stderr).toContain('Resume with --after 1');
    } finally {
      await server.close();
      config.remove();
    }
  });
});
