import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import Decimal from 'decimal.js';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { waitFor } from '@custody/testing';
import { Api } from './api';
import { approvalsWorld } from './approvals-world';
import { launchBrowser } from './browser';
import { BOOTSTRAP, type Stack, startStack } from './stack';
import { subscribe } from './fault-kit';
import { DEVICE, fund, newUser, openWallet } from './world';

// The operator console (/console) in a real browser against the whole stack: who sees what,
// a wallet's balance, approvals decided by people in separate browsers, a failing webhook
// receiver and its replay, an expired session, and axe-core on every page.

// Browsers, several sign-ins per test and a page-by-page audit: longer than the default.
jest.setTimeout(180_000);

const ROOT = path.resolve(__dirname, '../../..');
const SCREENSHOTS = path.join(ROOT, 'tmp', 'console-screenshots');
const CONSOLE_APP = { id: 'e2e-console', secret: 'e2e-console-api-client-secret' };
const RECEIVER = '0x000000000000000000000000000000000000dEaD';

let stack: Stack;
let api: Api;
let admin: string;
let browser: Browser;
const contexts: BrowserContext[] = [];
/** Content-Security-Policy reports and page errors seen in any page: none is expected. */
const pageErrors: string[] = [];

const world = approvalsWorld(
  () => api,
  () => admin,
);

interface Login {
  email: string;
  password: string;
}
let adminLogin: Login;
let tenantA: { id: string; token: string } & Login;
let tenantB: { id: string; token: string } & Login;
let userA: { id: string; email: string; wallet: string };
let userB: { id: string; email: string };
/** Another user of tenant A with a funded wallet, that pays A's wallet. */
let payer: { id: string; wallet: string };

/** A webhook sink that answers `status` (changed by the test) and keeps what it received. */
async function startSink() {
  const received: { event: string; id: string }[] = [];
  let status = 500;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (status < 300) received.push(JSON.parse(body) as { event: string; id: string });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    answer: (next: number) => {
      status = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
let sink: Awaited<ReturnType<typeof startSink>>;

async function userWithEmail(token: string, name: string) {
  const email = `${name.toLowerCase()}-${Math.random().toString(36).slice(2)}@e2e.test`;
  const created = await api.post('/v1/users/individual-person', {
    token,
    body: { generalConditions: '2026-01-01', name, surname: 'Console', email },
  });
  expect(created.status).toBe(201);
  return { id: created.body.id as string, email };
}

beforeAll(async () => {
  stack = await startStack({
    env: {
      gateway: {
        CONSOLE_API_CLIENT_ID: CONSOLE_APP.id,
        CONSOLE_API_CLIENT_SECRET: CONSOLE_APP.secret,
      },
      notifier: {
        NOTIFIER_ALLOW_PRIVATE_URLS: 'true',
        NOTIFIER_DISPATCH_INTERVAL_MS: '100',
        WEBHOOK_RETRY_SCHEDULE: '0,0.2,0.2',
      },
    },
  });
  api = new Api(stack.gatewayUrl);
  admin = await api.adminToken();
  // The console's own api client, which the gateway alone knows: the admin audience, so that
  // admins sign in through it too.
  const app = await api.post('/v1/api-clients', {
    token: admin,
    body: {
      id: CONSOLE_APP.id,
      name: 'Operator console',
      secret: CONSOLE_APP.secret,
      audience: 'admin',
      accessTokenExpiresIn: 900,
      refreshTokenExpiresIn: 3600,
    },
  });
  expect(app.status).toBe(201);
  adminLogin = { email: BOOTSTRAP.adminEmail, password: BOOTSTRAP.adminPassword };

  tenantA = await api.newClient(admin, 'Console A');
  tenantB = await api.newClient(admin, 'Console B');
  const a = await userWithEmail(tenantA.token, 'Ada');
  const wallet = await openWallet(api, tenantA.token, a.id, 'eth');
  await fund(api, admin, wallet, '50');
  userA = { ...a, wallet };
  userB = await userWithEmail(tenantB.token, 'Bea');
  const payerId = await newUser(api, tenantA.token, 'Payer');
  payer = { id: payerId, wallet: await openWallet(api, tenantA.token, payerId, 'eth') };
  await fund(api, admin, payer.wallet, '100');
  sink = await startSink();
  browser = await launchBrowser();
  mkdirSync(SCREENSHOTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await sink?.close();
  await stack?.cleanup();
  console.log(`console screenshots: ${SCREENSHOTS}`);
});

afterEach(() => {
  // Each test answers for the errors of its own pages.
  expect(pageErrors.splice(0)).toEqual([]);
});

interface View {
  viewport?: { width: number; height: number };
  timezoneId?: string;
}

const unanswered = new WeakMap<Page, Map<Request, number>>();
/** The page's requests that failed or were refused (4xx, 5xx), in order. */
const refusals = new WeakMap<Page, string[]>();

/** The requests of a page still unanswered: method, address and how long they have waited. */
function unansweredOf(page: Page): string[] {
  return [...(unanswered.get(page) ?? new Map<Request, number>())].map(
    ([request, at]) => `${request.method()} ${request.url()} (${Date.now() - at} ms)`,
  );
}

/** Resolves once none of the page's requests is unanswered (at once if none is). */
function idle(page: Page, timeoutMs = 60_000): Promise<void> {
  const inFlight = unanswered.get(page);
  if (!inFlight || inFlight.size === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer);
      page.off('requestfinished', settled);
      page.off('requestfailed', settled);
    };
    const settled = () => {
      if (inFlight.size > 0) return;
      stop();
      resolve();
    };
    const timer = setTimeout(() => {
      stop();
      reject(
        new Error(`requests unanswered after ${timeoutMs} ms: ${unansweredOf(page).join(', ')}`),
      );
    }, timeoutMs);
    page.on('requestfinished', settled);
    page.on('requestfailed', settled);
  });
}

async function newPage(view: View = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: view.viewport ?? { width: 1280, height: 800 },
    ...(view.timezoneId ? { timezoneId: view.timezoneId } : {}),
  });
  // A step that cannot happen fails in seconds, naming its locator, not at the test's timeout.
  context.setDefaultTimeout(15_000);
  contexts.push(context);
  const page = await context.newPage();
  // The page's requests not answered yet, with when each left: named when a page never loads.
  const inFlight = new Map<Request, number>();
  const refused: string[] = [];
  unanswered.set(page, inFlight);
  refusals.set(page, refused);
  page.on('request', (request) => inFlight.set(request, Date.now()));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => {
    inFlight.delete(request);
    refused.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400)
      refused.push(`${response.request().method()} ${response.url()}: ${response.status()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text()))
      pageErrors.push(message.text());
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return page;
}

/**
 * Why a page still loads, from inside it: for each list still busy, the state of its query as
 * TanStack Query holds it (found through React's fiber of the busy element; read on failure
 * only). A query with no observer never runs: its component's effects did not run.
 */
async function busyQueries(page: Page): Promise<string> {
  return page.evaluate(() => {
    type Hook = { memoizedState: unknown; next: Hook | null };
    type Fiber = { memoizedState: unknown; return: Fiber | null };
    type Observer = {
      getCurrentQuery(): {
        queryHash: string;
        state: Record<string, unknown>;
        observers: unknown[];
      };
    };
    const queries = Array.from(document.querySelectorAll('[aria-busy="true"]')).map((element) => {
      const key = Object.keys(element).find((k) => k.startsWith('__reactFiber$'));
      let fiber = key ? ((element as unknown as Record<string, Fiber>)[key] ?? null) : null;
      for (; fiber; fiber = fiber.return) {
        let hook = fiber.memoizedState as Hook | null;
        for (; hook && typeof hook === 'object' && 'next' in hook; hook = hook.next) {
          const value = hook.memoizedState as Partial<Observer> | null;
          if (value && typeof value.getCurrentQuery === 'function') {
            const query = (value as Observer).getCurrentQuery();
            const { data: _data, ...state } = query.state;
            return `${query.queryHash}: ${JSON.stringify(state)}, ${query.observers.length} observers`;
          }
        }
      }
      return 'no query found';
    });
    return `queries still busy: ${queries.join(' | ') || 'none'}`;
  });
}

async function signIn(login: Login, view: View = {}): Promise<Page> {
  const page = await newPage(view);
  await page.goto(`${stack.gatewayUrl}/console/`);
  await page.getByLabel('E-mail').fill(login.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(login.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Signed in, or refused: a refusal fails at once with the console's message (a sign-in under
  // CI's load that never came showed only the timeout).
  const overview = page.getByRole('heading', { name: 'Overview', level: 1 });
  const refused = page.getByRole('alert');
  await overview.or(refused).first().waitFor();
  if (!(await overview.isVisible()))
    throw new Error(`sign-in refused: ${await refused.first().textContent()}`);
  return page;
}

async function go(page: Page, section: string, heading = section): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name: section, exact: true }).click();
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

/** Goes to a console address inside the running application (as its links do). */
async function navigate(page: Page, address: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, address);
}

async function searchUsers(page: Page, email: string): Promise<void> {
  await go(page, 'Users');
  await page.getByRole('search').getByLabel('E-mail').fill(email);
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
}

/** Presses Tab until the focused element's text is `text` (at most 40 times). */
async function tabTo(page: Page, text: string): Promise<void> {
  for (let i = 0; i < 40; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim());
    if (focused === text) return;
  }
  throw new Error(`no focusable element "${text}" within 40 tabs`);
}

/** A transfer from the payer to A's wallet: `legs` transactions of `amount` each. */
async function pay(amount: string, legs = 1): Promise<void> {
  const leg = {
    assetId: 'eth',
    senderUserId: payer.id,
    senderWalletId: payer.wallet,
    receiverUserId: userA.id,
    receiverWalletId: userA.wallet,
    amount,
  };
  const res = await api.post('/v1/transfers', {
    token: tenantA.token,
    body: { requestedTransactions: Array.from({ length: legs }, () => leg) },
  });
  expect(res.status).toBe(201);
}

async function wallet(token: string, user: string, walletId: string) {
  const res = await api.get(`/v1/users/${user}/wallets/${walletId}`, { token });
  return res.body as { balance: string; availableBalance: string };
}

describe('the operator console', () => {
  it('shows an admin every tenant, and a general client its own tenant only', async () => {
    const asAdmin = await signIn(adminLogin);
    await expect(asAdmin.getByTestId('who').textContent()).resolves.toContain('admin');
    // The overview's service health is what the admin route answers, check by check.
    const health = await api.get('/v1/system/health', { token: admin });
    expect(health.body.checks['identity']).toEqual({ status: 'ok' });
    const checks = health.body.checks as Record<string, { status: string }>;
    for (const [name, check] of Object.entries(checks))
      await asAdmin
        .getByTestId('health')
        .getByText(`${name}: ${check.status}`, { exact: true })
        .waitFor();
    await searchUsers(asAdmin, userB.email);
    await asAdmin.getByRole('link', { name: 'Bea Console' }).waitFor();
    await searchUsers(asAdmin, userA.email);
    await asAdmin.getByRole('link', { name: 'Ada Console' }).waitFor();
    await asAdmin.getByRole('link', { name: 'Clients and members' }).waitFor();
    // The reconciliation of the books against the chain: none without a chain adapter.
    await go(asAdmin, 'Reconciliation');
    await asAdmin.getByTestId('reconciliation').getByText('no run').waitFor();
    await asAdmin.getByText('Nothing to show.').waitFor();

    const asA = await signIn(tenantA);
    await expect(asA.getByTestId('who').textContent()).resolves.toContain('tenant');
    // Service health is for admins: a general client's overview has no such section.
    expect(await asA.getByRole('heading', { name: 'Service health' }).count()).toBe(0);
    expect(await asA.getByTestId('health').count()).toBe(0);
    await searchUsers(asA, userB.email);
    await asA.getByText('Nothing to show.').waitFor();
    expect(await asA.getByRole('link', { name: 'Bea Console' }).count()).toBe(0);
    await asA.getByRole('search').getByRole('button', { name: 'Clear' }).click();
    await asA.getByRole('link', { name: 'Ada Console' }).waitFor();
    expect(await asA.getByRole('link', { name: 'Clients and members' }).count()).toBe(0);
    expect(await asA.getByRole('link', { name: 'Reconciliation' }).count()).toBe(0);
    // Another tenant's user by its address, loaded anew (the session is the gateway's: a load
    // keeps it): the API answers 404 and the page says so.
    await asA.goto(`${stack.gatewayUrl}/console/users/${userB.id}`);
    await asA.getByRole('alert').getByText('(not_found)').waitFor();
    expect(await asA.getByText('Bea').count()).toBe(0);
  });

  it("finds a user, opens a wallet, and shows the balance the API gives, exactly, with dates in the viewer's zone", async () => {
    // 18 decimals: a float would round it.
    await pay('0.123456789012345678');
    const page = await signIn(tenantA, { timezoneId: 'America/New_York' });
    await searchUsers(page, userA.email);
    await page.getByRole('link', { name: 'Ada Console' }).click();
    await page.getByRole('heading', { name: 'User Ada Console', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'ETH', exact: true }).click();
    await page.getByRole('heading', { name: 'ETH wallet', level: 1 }).waitFor();

    const fromApi = await wallet(tenantA.token, userA.id, userA.wallet);
    await expect(page.getByTestId('balance').textContent()).resolves.toBe(`${fromApi.balance} ETH`);
    await expect(page.getByTestId('available-balance').textContent()).resolves.toBe(
      `${fromApi.availableBalance} ETH`,
    );
    expect(fromApi.balance).toBe('50.123456789012345678');
    await page.locator('[data-amount="0.123456789012345678"]').first().waitFor();
    await page.locator('[data-amount="50"]').first().waitFor();
    // Dates: the viewer's zone on screen, UTC on hover.
    const time = page
      .getByRole('table', { name: /^Transactions/ })
      .locator('time')
      .first();
    const iso = (await time.getAttribute('datetime')) ?? '';
    const newYork = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeStyle: 'medium',
      timeZone: 'America/New_York',
    }).format(new Date(iso));
    await expect(time.textContent()).resolves.toBe(newYork);
    await expect(time.getAttribute('title')).resolves.toBe(
      `${new Date(iso).toISOString().replace('T', ' ').replace('Z', ' UTC')}`,
    );
  });

  it('keeps its sections behind a menu button at a phone width', async () => {
    const page = await signIn(tenantA, { viewport: { width: 390, height: 844 } });
    // Out of sight, the sections are inert: no Tab stop, nothing for a screen reader.
    const nav = page.locator('nav[aria-label="Sections"]');
    await expect(nav.getAttribute('inert')).resolves.toBe('');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(nav.getAttribute('inert')).resolves.toBeNull();
    await nav.getByRole('link', { name: 'Users', exact: true }).click();
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    // Choosing a section closes the menu again.
    await page.locator('nav[aria-label="Sections"][inert]').waitFor({ state: 'attached' });
  });

  it('is usable from the keyboard alone: sign in, move between sections, open an item', async () => {
    const page = await newPage();
    await page.goto(`${stack.gatewayUrl}/console/`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.type(tenantA.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(tenantA.password);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await tabTo(page, 'Users');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    // The list loads after its heading: Tab through it once its row is there.
    await page.getByRole('link', { name: 'Ada Console' }).waitFor();
    await tabTo(page, 'Ada Console');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'User Ada Console', level: 1 }).waitFor();
  });

  it('holds a withdrawal for two approvers: the initiator gets no buttons, two people approve in their own browsers, and the balance moves once', async () => {
    const approvers = await Promise.all([member(tenantA.id, 'One'), member(tenantA.id, 'Two')]);
    await world.policy(tenantA.token, {
      name: 'Every withdrawal needs two approvers',
      activity: 'withdrawal',
      rule: { kind: 'always' },
      action: 'require_approval',
      approvers: { quorum: 2 },
    });
    const before = await wallet(tenantA.token, userA.id, userA.wallet);
    const created = await api.post(`/v1/users/${userA.id}/wallets/${userA.wallet}/withdrawals`, {
      token: tenantA.token,
      body: { assetId: 'eth', receiverAddress: RECEIVER, amount: '7.25', ...DEVICE },
    });
    expect(created.status).toBe(201);
    const withdrawalPath = `/v1/users/${userA.id}/wallets/${userA.wallet}/withdrawals/${created.body.id}`;
    const held = (await api.get(withdrawalPath, { token: tenantA.token })).body;
    expect(held.status).toBe('pending_approval');

    // The initiator sees its operation waiting, and no way to decide it.
    const initiator = await signIn(tenantA);
    await go(initiator, 'Approvals');
    await initiator.getByRole('button', { name: /^Open approval withdrawal · 7\.25 eth/ }).click();
    const initiatorDialog = initiator.getByRole('dialog');
    await initiatorDialog.getByText('You started this operation').waitFor();
    expect(await initiatorDialog.getByRole('button', { name: 'Approve' }).count()).toBe(0);

    // Two approvers, each in a browser of their own.
    const pages = await Promise.all(approvers.map((login) => signIn(login)));
    for (const [i, page] of pages.entries()) {
      await go(page, 'Approvals');
      await page.getByRole('button', { name: /^Open approval withdrawal · 7\.25 eth/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Reason').fill(`checked by approver ${i + 1}`);
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await dialog.waitFor({ state: 'detached' });
    }

    await waitFor(
      async () =>
        (await api.get(withdrawalPath, { token: tenantA.token })).body.status === 'prepared',
      { timeoutMs: 15_000, what: 'the approved withdrawal prepared' },
    );
    const approval = (await api.get(`/v1/approvals/${held.approvalId}`, { token: tenantA.token }))
      .body;
    expect(approval.status).toBe('approved');
    expect(approval.decisions.map((d: { reason: string }) => d.reason).sort()).toEqual([
      'checked by approver 1',
      'checked by approver 2',
    ]);
    const after = await wallet(tenantA.token, userA.id, userA.wallet);
    // 7.25 left the available balance once (held, then prepared), nothing more.
    expect(new Decimal(before.availableBalance).minus(after.availableBalance).toString()).toBe(
      '7.25',
    );
    const outs = (
      await api.get(`/v1/users/${userA.id}/wallets/${userA.wallet}/withdrawals`, {
        token: tenantA.token,
      })
    ).body as { id: string }[];
    expect(outs.map((w) => w.id)).toEqual([created.body.id]);
    // The initiator's list, refreshed, shows it decided.
    await initiator.keyboard.press('Escape');
    await initiator.getByRole('button', { name: 'Refresh' }).click();
    await initiator.getByText('Nothing to show.').waitFor();
  });

  it("shows a failing webhook receiver's failed deliveries, and a replay delivers to the sink", async () => {
    const page = await signIn(tenantA);
    await go(page, 'Notifications');
    const type = page.getByRole('button', { name: /^user\.is-created/ });
    await type.click();
    const form = page.getByRole('form', { name: 'Add a webhook for user.is-created' });
    await form.getByLabel('New webhook URL').fill(sink.url);
    await form.getByRole('button', { name: 'Add' }).click();
    await page.getByText(sink.url).first().waitFor();
    const since = new Date(Date.now() - 60_000);

    // An event while the sink answers 500: every attempt fails.
    const failed = await newUser(api, tenantA.token, 'Failing');
    const deliveries = page.getByRole('table', { name: /^Deliveries to / });
    const section = page.getByRole('region', { name: /^user\.is-created/ });
    await waitFor(
      async () => {
        await section.getByRole('button', { name: 'Refresh' }).first().click();
        await page.waitForFunction(() => !document.querySelector('table[aria-busy="true"]'));
        return (
          (await deliveries.getByText(': 500 (').count()) >= 3 &&
          (await deliveries.getByText(/^(failed|dead)$/).count()) > 0
        );
      },
      { timeoutMs: 20_000, what: 'three failed attempts, and the delivery given up, shown' },
    );
    expect(sink.received).toEqual([]);

    // The sink recovers; a replay since before the event delivers it.
    sink.answer(204);
    const local = new Date(since.getTime() - since.getTimezoneOffset() * 60_000)
      .toISOString()
      .slice(0, 19);
    const replay = page.getByRole('form', { name: `Replay to ${sink.url}` });
    await replay.getByLabel('Replay events since').fill(local);
    await replay.getByRole('button', { name: 'Replay' }).click();
    await replay.getByText('Replay queued.').waitFor();
    await waitFor(
      async () =>
        sink.received.some(
          (e) => e.event === 'user.is-created' && JSON.stringify(e).includes(failed),
        ),
      { timeoutMs: 20_000, what: 'the replayed event at the sink' },
    );

    // The same event in the tenant's event feed.
    await go(page, 'Events');
    const filters = page.getByRole('form', { name: 'Event filters' });
    await filters.getByRole('textbox', { name: 'Types (comma-separated)' }).fill('user.is-created');
    await filters.getByRole('button', { name: 'Apply' }).click();
    await page
      .getByRole('table', { name: 'Events, oldest first' })
      .getByText(failed)
      .first()
      .waitFor();
  });

  it('creates, edits, disables and deletes a policy through its form', async () => {
    const page = await signIn(tenantB);
    await go(page, 'Policies');
    await page.getByRole('button', { name: 'New policy' }).click();
    const form = page.getByRole('dialog', { name: 'New policy' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Five transfers a day per wallet');
    await form.getByRole('combobox', { name: 'Activity' }).selectOption('transfer');
    await form.getByRole('combobox', { name: 'Rule' }).selectOption('velocity');
    await form.getByRole('textbox', { name: 'Window' }).fill('24h');
    await form.getByRole('textbox', { name: 'Max count' }).fill('5');
    await form.getByRole('textbox', { name: 'Quorum' }).fill('1');
    await form.getByRole('textbox', { name: 'Only assets' }).fill('eth');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').getByText('Saved.').waitFor();
    await page.getByText('more than 5 operations per wallet in 24h').waitFor();
    const policies = async () =>
      (await api.get('/v1/policies', { token: tenantB.token })).body as {
        id: string;
        name: string;
        enabled: boolean;
        rule: unknown;
        approvers: unknown;
        filters: unknown;
      }[];
    const [created] = await policies();
    expect(created).toMatchObject({
      name: 'Five transfers a day per wallet',
      enabled: true,
      rule: { kind: 'velocity', window: '24h', per: 'wallet', maxCount: 5 },
      approvers: { quorum: 1 },
      filters: { assetIds: ['eth'] },
    });

    const row = page.locator(`tr[data-row="${created?.id}"]`);
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit policy' });
    await edit.getByRole('textbox', { name: 'Name' }).fill('Five transfers a day, per wallet');
    // Emptied, the filter goes: the policy covers every asset again.
    await edit.getByRole('textbox', { name: 'Only assets' }).fill('');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Five transfers a day, per wallet').waitFor();
    await row.getByRole('button', { name: 'Disable' }).click();
    await row.getByRole('button', { name: 'Enable' }).waitFor();
    await row.getByText('disabled', { exact: true }).waitFor();
    await waitFor(async () => (await policies())[0]?.enabled === false, {
      timeoutMs: 10_000,
      what: 'the policy disabled in the API',
    });
    expect(await policies()).toMatchObject([
      { id: created?.id, name: 'Five transfers a day, per wallet', enabled: false, filters: null },
    ]);

    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('table', { name: 'Policies' }).getByText('Nothing to show.').waitFor();
    expect(await policies()).toEqual([]);
  });

  it('lets an admin take a withdrawal through broadcast and confirmation, and confirm an income, from the money page', async () => {
    const bWallet = await openWallet(api, tenantB.token, userB.id, 'eth');
    await fund(api, admin, bWallet, '5');
    const created = await api.post(`/v1/users/${userB.id}/wallets/${bWallet}/withdrawals`, {
      token: tenantB.token,
      body: { assetId: 'eth', receiverAddress: RECEIVER, amount: '1.5', ...DEVICE },
    });
    expect(created.status).toBe(201);
    const withdrawalPath = `/v1/users/${userB.id}/wallets/${bWallet}/withdrawals/${created.body.id}`;
    const income = await api.post('/v1/admin/incomes', {
      token: admin,
      body: {
        walletId: bWallet,
        amount: '0.25',
        blockchainTransactionId: `0xconsole${Date.now()}`,
        senderAddress: RECEIVER,
        transactionTimestamp: '2026-11-20T10:00:00Z',
      },
    });
    expect(income.status).toBe(201);

    const page = await signIn(adminLogin);
    await go(page, 'Money');
    await page.getByRole('tab', { name: 'Withdrawals' }).click();
    const row = page.locator(`tr[data-row="${created.body.id}"]`);
    await row.getByRole('button', { name: 'Broadcast' }).click();
    const broadcast = page.getByRole('dialog', { name: 'Broadcast withdrawal' });
    await broadcast.getByRole('textbox', { name: 'Blockchain transaction id' }).fill('0xfeedbeef');
    await broadcast.getByRole('button', { name: 'Broadcast' }).click();
    await broadcast.waitFor({ state: 'detached' });
    await row.getByRole('button', { name: 'Confirm' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm withdrawal' });
    await confirm.getByRole('textbox', { name: 'Fee (optional)' }).fill('0.001');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await confirm.waitFor({ state: 'detached' });
    const done = (await api.get(withdrawalPath, { token: tenantB.token })).body;
    expect(done).toMatchObject({
      status: 'confirmed',
      blockchainTransactionId: '0xfeedbeef',
      fee: '0.001',
    });

    await page.getByRole('tab', { name: 'Incomes' }).click();
    const incomeRow = page.locator(`tr[data-row="${income.body.id}"]`);
    await incomeRow.getByRole('button', { name: 'Confirm' }).click();
    await incomeRow.getByText('confirmed').waitFor();
    const after = await wallet(tenantB.token, userB.id, bWallet);
    // 5 + 0.25 in, 1.5 out (its fee comes out of the amount: the receiver gets 1.499).
    expect(after.balance).toBe('3.75');
  });

  it("opens a withdrawal from its wallet's list, and shows the API's refusal of a speed-up where no chain adapter runs", async () => {
    const user = await newUser(api, tenantB.token, 'Stuck');
    const walletId = await openWallet(api, tenantB.token, user, 'eth');
    await fund(api, admin, walletId, '2');
    const created = await api.post(`/v1/users/${user}/wallets/${walletId}/withdrawals`, {
      token: tenantB.token,
      body: { assetId: 'eth', receiverAddress: RECEIVER, amount: '0.5', ...DEVICE },
    });
    expect(created.status).toBe(201);
    const broadcast = await api.patch(`/v1/admin/withdrawals/${created.body.id}`, {
      token: admin,
      body: { status: 'broadcast', blockchainTransactionId: `0xstuck${Date.now()}` },
    });
    expect(broadcast.status).toBe(200);

    const page = await signIn(adminLogin);
    await navigate(page, `/console/users/${user}/wallets/${walletId}`);
    await page.getByRole('heading', { name: 'ETH wallet', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Withdrawals' }).click();
    await page.getByRole('link', { name: created.body.id }).click();
    await page.getByRole('heading', { name: 'Withdrawal of 0.5 ETH', level: 1 }).waitFor();
    // Moved by an admin, not sent by an adapter: no transaction at a nonce.
    await page.getByText('None: no chain adapter sent it.').waitFor();
    await page.getByRole('button', { name: 'Speed up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Speed up withdrawal' });
    await dialog.getByRole('button', { name: 'Speed up' }).click();
    await dialog.getByRole('alert').getByText('(chain_adapter_off)').waitFor();
  });

  it("blocks and unblocks a user, and rotates the tenant's webhook signing secret", async () => {
    const page = await signIn(tenantB);
    await searchUsers(page, userB.email);
    await page.getByRole('link', { name: 'Bea Console' }).click();
    await page.getByRole('heading', { name: 'User Bea Console', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Block', exact: true }).click();
    await page.getByRole('button', { name: 'Unblock' }).waitFor();
    const read = async () =>
      (await api.get(`/v1/users/${userB.id}`, { token: tenantB.token })).body as {
        blocked: boolean;
      };
    expect((await read()).blocked).toBe(true);
    await page.getByRole('button', { name: 'Unblock' }).click();
    await page.getByRole('button', { name: 'Block', exact: true }).waitFor();
    expect((await read()).blocked).toBe(false);

    await go(page, 'Notifications');
    await page.getByRole('button', { name: 'Rotate the signing secret' }).click();
    const shown = await page.getByRole('status').locator('code').textContent();
    const current = (await api.get('/v1/notifications/signing-secret', { token: tenantB.token }))
      .body.secret as string;
    expect(shown).toBe(current);
    expect(current).toMatch(/^whsec_/);
  });

  it('lets an admin add a member to a tenant from the clients page', async () => {
    const page = await signIn(adminLogin);
    await go(page, 'Clients and members');
    const form = page.getByRole('form', { name: 'New general client or tenant member' });
    const email = `console-member-${Math.random().toString(36).slice(2)}@e2e.test`;
    await form.getByRole('textbox', { name: 'Name' }).fill('Console member');
    await form.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await form.getByRole('textbox', { name: 'Password' }).fill('a-long-member-password');
    await form.getByRole('textbox', { name: 'Member of tenant (client id)' }).fill(tenantA.id);
    await form.getByRole('button', { name: 'Create' }).click();
    const id = (await form.getByRole('status').locator('code').textContent()) ?? '';
    const created = await api.get(`/v1/clients/${id}`, { token: admin });
    expect(created.body).toMatchObject({ email, tenantId: tenantA.id });
  });

  it('returns an expired session to sign-in, with a message', async () => {
    // The console's api client gives 2-second tokens for this test.
    const shorten = (access: number, refresh: number) =>
      api.patch(`/v1/api-clients/${CONSOLE_APP.id}`, {
        token: admin,
        body: { accessTokenExpiresIn: access, refreshTokenExpiresIn: refresh },
      });
    expect((await shorten(2, 2)).status).toBe(200);
    try {
      const page = await signIn(tenantA);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      // Whoever asks first after the expiry meets it: the click's page, or (on a loaded machine,
      // where the overview's own reads come after the 2 s) the overview. Both must end here.
      const users = page.getByRole('navigation').getByRole('link', { name: 'Users', exact: true });
      const expired = page.getByText('Your session has expired. Sign in again.');
      await users.or(expired).first().waitFor();
      if (await users.isVisible()) await users.click({ timeout: 5_000 }).catch(() => undefined);
      await page.getByRole('heading', { name: 'Custody console' }).waitFor();
      await expired.waitFor();
      expect(await page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
    } finally {
      await shorten(900, 3600);
    }
  });
});

describe('the operator console, page by page', () => {
  // A receiver of tenant A's, so that an opened event shows a deliveries table.
  let withdrawal: string;
  beforeAll(async () => {
    await subscribe(api, tenantA.token, ['user.is-created'], `${sink.url}/page-by-page`);
    const created = await api.post(`/v1/users/${userA.id}/wallets/${userA.wallet}/withdrawals`, {
      token: tenantA.token,
      body: { assetId: 'eth', receiverAddress: RECEIVER, amount: '0.5', ...DEVICE },
    });
    expect(created.status).toBe(201);
    withdrawal = created.body.id;
  });
  // Every page at the desktop width. At a phone's width only the pages whose layout changes
  // there (the shell and its menu, lists that become cards, the forms): the rest differ only in
  // data, which the desktop pass checks already, and each page costs seconds of CI's two cores.
  const PHONE_PAGES = new Set([
    'sign-in',
    'tenant-overview',
    'tenant-users',
    'tenant-wallet',
    'tenant-withdrawal',
    'tenant-approvals',
    'tenant-notifications-open',
    'tenant-policy-form',
    'admin-clients',
  ]);
  const views = {
    desktop: { viewport: { width: 1280, height: 800 }, checks: (_name: string) => true },
    phone: {
      viewport: { width: 390, height: 844 },
      checks: (name: string) => PHONE_PAGES.has(name),
    },
  };
  it.each(Object.entries(views))(
    'has no serious or critical axe-core violation on any page, at the %s width',
    async (view, { viewport, checks }) => {
      const found: string[] = [];
      const checked: string[] = [];
      async function check(page: Page, name: string) {
        if (!checks(name)) return;
        // Every request the page made answered (the data of each list arrived).
        await idle(page);
        // The page as people read it: its data loaded (no spinner, no list still fetching). Up
        // to a minute: under CI's load (other suites on the same two cores) a page's lists can
        // take many seconds.
        const spinners = '[aria-label="Loading"], [aria-busy="true"]';
        await page
          .waitForFunction(
            (selector) =>
              !document.querySelector(selector) && !document.body.textContent?.includes('Loading…'),
            spinners,
            { timeout: 60_000 },
          )
          .catch(async (error: unknown) => {
            // Which page, and what on it still loads.
            const loading = await page.evaluate(
              (selector) =>
                Array.from(document.querySelectorAll(selector))
                  .map((element) => element.outerHTML.slice(0, 300))
                  .concat(document.body.textContent?.includes('Loading…') ? ['"Loading…"'] : [])
                  .join(' | '),
              spinners,
            );
            throw new Error(
              `${name} still loads after a minute: ${loading}; unanswered: ${unansweredOf(page).join(', ') || 'none'}; refused: ${(refusals.get(page) ?? []).slice(-10).join(', ') || 'none'}; ${await busyQueries(page)}`,
              { cause: error },
            );
          });
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          .analyze();
        for (const violation of results.violations)
          if (violation.impact === 'serious' || violation.impact === 'critical')
            found.push(
              `${name}: ${violation.id} (${violation.impact}) at ` +
                violation.nodes.map((node) => node.target.join(' ')).join(', '),
            );
        await page.screenshot({
          path: path.join(SCREENSHOTS, `${view}-${name}.png`),
          fullPage: true,
        });
        checked.push(name);
      }
      const tenantPages = [
        ['overview', '/console/', 'Overview'],
        ['users', '/console/users', 'Users'],
        ['user', `/console/users/${userA.id}`, 'User Ada Console'],
        ['wallet', `/console/users/${userA.id}/wallets/${userA.wallet}`, 'ETH wallet'],
        [
          'withdrawal',
          `/console/users/${userA.id}/wallets/${userA.wallet}/withdrawals/${withdrawal}`,
          'Withdrawal of 0.5 ETH',
        ],
        ['money', '/console/money', 'Money'],
        ['approvals', '/console/approvals', 'Approvals'],
        ['policies', '/console/policies', 'Policies'],
        ['notifications', '/console/notifications', 'Notifications'],
        ['audit', '/console/audit', 'Audit log'],
        ['events', '/console/events', 'Events'],
      ] as const;
      const adminPages = [
        ...tenantPages,
        ['clients', '/console/clients', 'Clients and members'],
        ['api-clients', '/console/api-clients', 'Api clients'],
        ['reconciliation', '/console/reconciliation', 'Reconciliation'],
      ] as const;
      const signInPage = await newPage({ viewport });
      await signInPage.goto(`${stack.gatewayUrl}/console/`);
      await signInPage.getByRole('button', { name: 'Sign in' }).waitFor();
      await check(signInPage, 'sign-in');
      for (const [who, login, list] of [
        ['tenant', tenantA, tenantPages],
        ['admin', adminLogin, adminPages],
      ] as const) {
        const page = await signIn(login, { viewport });
        for (const [name, address, heading] of list) {
          await navigate(page, address);
          await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
          await check(page, `${who}-${name}`);
        }
        if (who === 'tenant') {
          // An event opened: its receivers' deliveries.
          await navigate(page, '/console/notifications');
          await page.getByRole('button', { name: /^user\.is-created/ }).click();
          await page
            .getByRole('table', { name: /^Deliveries to / })
            .first()
            .waitFor();
          await check(page, `${who}-notifications-open`);
          await navigate(page, '/console/policies');
          await page.getByRole('button', { name: 'New policy' }).click();
          await page.getByRole('dialog').waitFor();
          await check(page, `${who}-policy-form`);
        }
      }
      expect(found).toEqual([]);
      // Every page this width checks was reached and checked.
      const all = [
        'sign-in',
        ...tenantPages.map(([name]) => `tenant-${name}`),
        'tenant-notifications-open',
        'tenant-policy-form',
        ...adminPages.map(([name]) => `admin-${name}`),
      ];
      expect(checked.sort()).toEqual(all.filter(checks).sort());
    },
  );

  it('prints the size of its JavaScript and the time it takes to show 1,000 transactions', async () => {
    // 1,000 transactions into A's wallet from another user's: ten transfers of 100 legs (the
    // most one transfer takes), two at a time.
    for (let sent = 0; sent < 10; sent += 2)
      await Promise.all([pay('0.001', 100), pay('0.001', 100)]);
    const page = await signIn(tenantA);
    await navigate(page, `/console/users/${userA.id}/wallets/${userA.wallet}`);
    await page.getByRole('heading', { name: 'ETH wallet', level: 1 }).waitFor();
    const started = Date.now();
    await page.getByLabel('Rows per page').first().selectOption('1000');
    await page.waitForFunction(
      () => document.querySelectorAll('table tbody tr[data-row]').length >= 1_000,
      undefined,
      { timeout: 60_000 },
    );
    const renderMs = Date.now() - started;

    // Page by page along the cursors: Next, then Previous back to the first page.
    const rows = page.getByRole('table', { name: /^Transactions/ }).locator('tbody tr[data-row]');
    await page.getByLabel('Rows per page').first().selectOption('50');
    await page.getByText(/^1–50 of /).waitFor();
    const firstPage = await rows.first().getAttribute('data-row');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(/^51–100 of /).waitFor();
    expect(await rows.count()).toBe(50);
    expect(await rows.first().getAttribute('data-row')).not.toBe(firstPage);
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText(/^1–50 of /).waitFor();
    expect(await rows.first().getAttribute('data-row')).toBe(firstPage);

    const assets = path.join(ROOT, 'dist', 'apps', 'console', 'assets');
    const gzipped = readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .reduce((sum, file) => sum + gzipSync(readFileSync(path.join(assets, file))).length, 0);
    console.log(
      `console: JavaScript ${(gzipped / 1024).toFixed(1)} KB gzipped (goal ≤ 250 KB); ` +
        `1,000 transactions fetched and shown in ${renderMs} ms`,
    );
    expect(gzipped).toBeGreaterThan(0);
  });
});

/** A member of the tenant, allowed to read and decide approvals, that signs in by itself. */
async function member(tenantId: string, name: string): Promise<Login> {
  const login = {
    email: `member-${name.toLowerCase()}-${Math.random().toString(36).slice(2)}@e2e.test`,
    password: 'a-long-member-password',
  };
  const created = await api.post('/v1/clients', {
    token: admin,
    body: {
      name: `Approver ${name}`,
      ...login,
      tenantId,
      scopes: [
        ['approvals', 'read'],
        ['approvals', 'decide'],
        ['users', 'read'],
      ],
    },
  });
  expect(created.status).toBe(201);
  return login;
}
