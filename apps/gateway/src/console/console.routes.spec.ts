import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createAppServer, createHttpApp, finishHttpApp } from '@custody/http';
import { expectProblem, testLogger } from '@custody/testing';
import { CONSOLE_NONCE_PLACEHOLDER, consoleRouter, type ConsoleOptions } from './console.routes';

const built = mkdtempSync(path.join(tmpdir(), 'console-'));
mkdirSync(path.join(built, 'assets'));
writeFileSync(
  path.join(built, 'index.html'),
  `<!doctype html><meta name="csp-nonce" content="${CONSOLE_NONCE_PLACEHOLDER}"><div id="root"></div>`,
);
writeFileSync(path.join(built, 'assets', 'index-abc.js'), 'console.log(1);');
const empty = mkdtempSync(path.join(tmpdir(), 'console-empty-'));

const servers: Server[] = [];

async function serve(options: ConsoleOptions): Promise<string> {
  const logger = testLogger();
  const app = createHttpApp({ logger });
  app.use('/console', consoleRouter(options));
  finishHttpApp(app, logger);
  const server = createAppServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function call(url: string) {
  const res = await fetch(url);
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: safeJson(text) };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  rmSync(built, { recursive: true, force: true });
  rmSync(empty, { recursive: true, force: true });
});

describe('the console at /console', () => {
  it('answers its page with a strict CSP whose style nonce is fresh on every load', async () => {
    const base = await serve({ dir: built });
    const first = await call(`${base}/console/`);
    const second = await call(`${base}/console/`);

    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = first.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(first.text).toContain(`content="${nonce}"`);
    expect(first.text).not.toContain(CONSOLE_NONCE_PLACEHOLDER);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(second.headers.get('content-security-policy')).not.toBe(csp);
  });

  it('answers the page for any application route, so a reload keeps the place', async () => {
    const base = await serve({ dir: built });
    const deep = await call(`${base}/console/users/0199a3b2/wallets/0199a3b3`);
    expect(deep.status).toBe(200);
    expect(deep.text).toContain('<div id="root">');
  });

  it('serves fingerprinted assets for a year and a missing one as a 404 problem', async () => {
    const base = await serve({ dir: built });
    const asset = await call(`${base}/console/assets/index-abc.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');

    const missing = await call(`${base}/console/assets/index-gone.js`);
    expectProblem(missing, 404, 'route_not_found');
  });

  it('serves no configuration: the api client stays on the server', async () => {
    const base = await serve({ dir: built });
    const config = await call(`${base}/console/config.json`);
    // Only the page (an application route), never JSON with an api client.
    expect(config.headers.get('content-type')).toMatch(/^text\/html/);
    expect(config.body).toBeUndefined();
    expect(config.text).not.toContain('apiClient');
  });

  it("answers an unknown path of the session's API as a 404 problem, not the page", async () => {
    const base = await serve({ dir: built });
    expectProblem(await call(`${base}/console/api/v1/nothing`), 404, 'route_not_found');
  });

  it('answers 404 console_not_built when the console was not built', async () => {
    const base = await serve({ dir: empty });
    expectProblem(await call(`${base}/console/`), 404, 'console_not_built');
  });
});
