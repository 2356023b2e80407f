import type { BrowserContext, Page } from 'playwright-core';
import { Api } from './api';
import { openBrowser } from './browser';
import { type Stack, startStack } from './stack';

// The API reference as an integrator opens it: in a real browser, both versions, and a call
// made from the page with a token.

// Swagger UI renders the whole v1 document (over 100 operations) before the first click: under
// CI's load on 2 cores that alone has taken over 30 s.
jest.setTimeout(120_000);

let stack: Stack;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let context: BrowserContext;
let token: string;

beforeAll(async () => {
  stack = await startStack({ only: ['identity', 'trading'] });
  const api = new Api(stack.gatewayUrl);
  token = (await api.newClient(await api.adminToken(), 'Docs reader')).token;
  browser = await openBrowser();
  context = browser.context;
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await stack?.cleanup();
});

async function openDocs(query = ''): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${stack.gatewayUrl}/docs${query}`);
  return page;
}

describe('the API reference at /docs', () => {
  // The v1 document is rendered once and used by the first three tests in turn (a render is
  // the slow part; the tests depend on each other's order, as jest runs them).
  let v1: Page;

  it('shows every v1 operation', async () => {
    v1 = await openDocs();
    await v1.locator('#operations-assets-listAssets').waitFor({ timeout: 60_000 });
    expect(await v1.locator('.opblock').count()).toBeGreaterThan(60);
  });

  it('runs "Try it out" on a GET with a bearer token and shows the 200', async () => {
    await v1.locator('.btn.authorize').first().click();
    const dialog = v1.locator('.dialog-ux');
    await dialog.locator('input').first().fill(token);
    await dialog.locator('button.authorize').first().click();
    await dialog.locator('button.close-modal').first().click();
    const operation = v1.locator('#operations-assets-listAssets');
    await operation.locator('.opblock-summary').first().click();
    await operation.locator('button.try-out__btn').click();
    await operation.locator('button.execute').click();
    const status = operation.locator('.live-responses-table tbody .response-col_status').first();
    await status.waitFor();
    expect((await status.textContent())?.trim()).toBe('200');
    await expect(
      operation.locator('.live-responses-table .microlight').first().textContent(),
    ).resolves.toContain('"symbol"');
  });

  it('shows v2 from the version selector', async () => {
    await v1.locator('.topbar select#select').selectOption({ label: 'v2 — issuers' });
    // Paths show relative to each document's server (`…/v2`).
    await v1.locator('.opblock-summary-path[data-path="/issuers"]').first().waitFor();
    expect(await v1.locator('#operations-assets-listAssets').count()).toBe(0);
    await v1.close();
  });

  it('opens on v2 when asked (?version=v2)', async () => {
    const page = await openDocs('?version=v2');
    await page.locator('.opblock-summary-path[data-path="/issuers"]').first().waitFor();
    await page.close();
  });
});
