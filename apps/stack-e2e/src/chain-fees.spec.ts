import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { parseEther, parseUnits, toQuantity } from 'ethers';
import type { Browser, Locator, Page, Response } from 'playwright-core';
import { sub } from '@custody/money';
import { waitFor } from '@custody/testing';
import { expectProblem } from './api';
import { launchBrowser } from './browser';
import {
  type Attempt,
  balanceOf,
  type ChainWorld,
  type CustodyWallet,
  fundedEthWallet as fundedEthWalletIn,
  mineUntil as mineUntilIn,
  replacementsOf,
  startChainWorld,
  stopChainWorld,
  stuckWithdrawal as stuckWithdrawalIn,
  withdrawalEvents,
} from './chain-world';
import { BOOTSTRAP } from './stack';

// Stuck withdrawals on anvil with automine off: sped up at their nonce (by the adapter after
// EVM_SPEED_UP_AFTER_MS, or by an admin) and mined once with the fee booked once; cancelled by a
// zero-value replacement, leaving the funds in the wallet; each replacement told to the tenant
// (withdrawal.is-replaced), and a transaction the node dropped re-sent and told
// (withdrawal.is-dropped). The same from the operator console's withdrawal page, in Chromium,
// with a refusal shown as the API's problem.
let world: ChainWorld;

/** The operator's cap per gas: a base fee raised past it leaves a speed-up no room. */
const FEE_CAP = parseUnits('100', 'gwei');
/** The operator's cap on one withdrawal's fee: 21,000 gas at 60 gwei, below the cap per gas. */
const MAX_FEE_PER_WITHDRAWAL = 21_000n * parseUnits('60', 'gwei');
/** What binds an ETH withdrawal (21,000 gas): the lower of the two caps. */
const NATIVE_CAP = MAX_FEE_PER_WITHDRAWAL / 21_000n;
const CONSOLE_APP = { id: 'e2e-console', secret: 'e2e-console-api-client-secret' };
const SCREENSHOTS = path.resolve(__dirname, '../../..', 'tmp', 'console-screenshots');

beforeAll(async () => {
  world = await startChainWorld({
    tenantName: 'Fees tenant',
    // The notifier keeps the tenant's event feed.
    only: ['identity', 'wallet-ledger', 'trading', 'signing', 'policy', 'notifier'],
    walletLedger: {
      EVM_SPEED_UP_AFTER_MS: '3000',
      EVM_MAX_FEE_PER_GAS: FEE_CAP.toString(),
      EVM_MAX_FEE_PER_WITHDRAWAL: MAX_FEE_PER_WITHDRAWAL.toString(),
    },
    env: {
      gateway: {
        CONSOLE_API_CLIENT_ID: CONSOLE_APP.id,
        CONSOLE_API_CLIENT_SECRET: CONSOLE_APP.secret,
      },
    },
  });
}, 180_000);

afterAll(() => stopChainWorld(world));

const balance = (w: CustodyWallet) => balanceOf(world, w);
const mineUntil = (check: () => Promise<boolean>, what: string) => mineUntilIn(world, check, what);

const fundedEthWallet = () => fundedEthWalletIn(world);
const stuckWithdrawal = (w: CustodyWallet) => stuckWithdrawalIn(world, w);
const replacements = (id: string, count?: number) => replacementsOf(world, id, count);

it('speeds up a withdrawal stuck under a raised base fee and books the fee of the one mined', async () => {
  const w = await fundedEthWallet();
  const { id, read } = await stuckWithdrawal(w);
  const [first] = (await read()).attempts ?? [];
  expect(first).toMatchObject({ kind: 'send', nonce: 0, status: 'sent' });
  // The next block's base fee above what the transaction pays at most: it is not mined.
  await world.chain.provider.send('anvil_setNextBlockBaseFeePerGas', [
    `0x${(BigInt(first!.maxFeePerGas) + 1n).toString(16)}`,
  ]);
  await world.chain.mine(1);
  expect(await world.chain.provider.getTransactionReceipt(first!.hash)).toBeNull();
  // The adapter replaces it after EVM_SPEED_UP_AFTER_MS, 12.5 % higher at least.
  await waitFor(async () => ((await read()).attempts ?? []).length >= 2, {
    timeoutMs: 30_000,
    what: 'the automatic speed-up',
  });
  await world.chain.setAutomine(true);
  await mineUntil(async () => (await read()).status === 'confirmed', 'the sped-up withdrawal');
  const done = await read();
  const attempts = done.attempts ?? [];
  const mined = attempts.filter((a) => a.status === 'mined');
  expect(mined).toHaveLength(1);
  expect(mined[0]).toMatchObject({ kind: 'speed-up', nonce: 0 });
  expect(BigInt(mined[0]!.maxFeePerGas)).toBeGreaterThanOrEqual(
    (BigInt(first!.maxFeePerGas) * 9n + 7n) / 8n,
  );
  expect(attempts.filter((a) => a.status === 'replaced').map((a) => a.hash)).toContain(first!.hash);
  expect(done.blockchainTransactionId).toBe(mined[0]!.hash);
  // Mined once at its nonce, its fee booked once: the balance is exactly what is left on world.chain.
  expect(await world.chain.provider.getTransactionCount(w.address, 'latest')).toBe(1);
  const receipt = await world.chain.provider.getTransactionReceipt(mined[0]!.hash);
  expect(parseEther(done.fee)).toBe(receipt!.fee);
  const onChain = await world.chain.provider.getBalance(w.address);
  expect(parseEther(await balance(w))).toBe(onChain);
  expect(await balance(w)).toBe(sub('0.9', done.fee));
  // The tenant was told which transaction replaced which.
  expect((await replacements(id))[0]).toEqual(['speed-up', attempts[1]!.hash, first!.hash]);
});

it('cancels a stuck withdrawal by an admin: the funds stay in the wallet, less the fee', async () => {
  const w = await fundedEthWallet();
  const { id, read } = await stuckWithdrawal(w);
  const cancelled = await world.api.post(`/v1/admin/withdrawals/${id}/cancel`, {
    token: world.admin,
  });
  expect(cancelled.status).toBe(200);
  const [send, cancel] = cancelled.body.attempts as Attempt[];
  expect([send?.kind, cancel?.kind]).toEqual(['send', 'cancel']);
  expect(await replacements(id)).toEqual([['cancel', cancel!.hash, send!.hash]]);
  await world.chain.setAutomine(true);
  await mineUntil(async () => (await read()).status === 'failed', 'the cancel to be mined');
  const done = await read();
  expect(done.attempts?.map((a) => [a.kind, a.status])).toEqual([
    ['send', 'replaced'],
    ['cancel', 'mined'],
  ]);
  // The 0.1 never left: the wallet paid only the cancel's fee, and the chain agrees.
  expect(await balance(w)).toBe(sub('1', done.fee));
  expect(parseEther(await balance(w))).toBe(await world.chain.provider.getBalance(w.address));
  expect(
    (await world.api.get(`/v1/users/${w.user}/wallets/${w.id}`, { token: world.tenant.token })).body
      .availableBalance,
  ).toBe(await balance(w));
});

it('bumps a cancel when a cancelled withdrawal is sped up, never sending the payment again', async () => {
  const w = await fundedEthWallet();
  const { id, read } = await stuckWithdrawal(w);
  const admin = { token: world.admin };
  expect((await world.api.post(`/v1/admin/withdrawals/${id}/cancel`, admin)).status).toBe(200);
  const sped = await world.api.post(`/v1/admin/withdrawals/${id}/speed-up`, admin);
  expect(sped.status).toBe(200);
  const attempts = sped.body.attempts as Attempt[];
  expect(attempts.map((a) => a.kind)).toEqual(['send', 'cancel', 'cancel']);
  // Each replacement names the one it replaced: the bump replaced the cancel, not the payment.
  expect(await replacements(id, 2)).toEqual([
    ['cancel', attempts[1]!.hash, attempts[0]!.hash],
    ['cancel', attempts[2]!.hash, attempts[1]!.hash],
  ]);
  await world.chain.setAutomine(true);
  await mineUntil(async () => (await read()).status === 'failed', 'the bumped cancel to be mined');
  const done = await read();
  expect(done.attempts?.map((a) => [a.kind, a.status])).toEqual([
    ['send', 'replaced'],
    ['cancel', 'replaced'],
    ['cancel', 'mined'],
  ]);
  expect(await balance(w)).toBe(sub('1', done.fee));
  expect(parseEther(await balance(w))).toBe(await world.chain.provider.getBalance(w.address));
});

it('re-sends a transaction the node dropped, tells the tenant, and confirms the withdrawal once', async () => {
  const w = await fundedEthWallet();
  const { id, read } = await stuckWithdrawal(w);
  const [first] = (await read()).attempts ?? [];
  await world.chain.provider.send('anvil_dropTransaction', [first!.hash]);
  // The adapter finds the node without it and sends the same signed transaction again.
  const [told] = await withdrawalEvents(world, 'withdrawal.is-dropped', id);
  expect(told).toMatchObject({ status: 'broadcast', dropped: { hash: first!.hash, kind: 'send' } });
  expect(await world.chain.provider.getTransaction(first!.hash)).not.toBeNull();
  await world.chain.setAutomine(true);
  await mineUntil(async () => (await read()).status === 'confirmed', 'the re-sent withdrawal');
  const done = await read();
  expect(done.blockchainTransactionId).toBe(first!.hash);
  expect(await world.chain.provider.getTransactionCount(w.address, 'latest')).toBe(1);
  expect(await balance(w)).toBe(sub('0.9', done.fee));
  expect(parseEther(await balance(w))).toBe(await world.chain.provider.getBalance(w.address));
});

it('answers the admin speed-up and cancel with their errors', async () => {
  const w = await fundedEthWallet();
  const { id, read } = await stuckWithdrawal(w);
  const sped = await world.api.post(`/v1/admin/withdrawals/${id}/speed-up`, { token: world.admin });
  expect(sped.status).toBe(200);
  expect((sped.body.attempts as Attempt[]).map((a) => a.kind)).toEqual(['send', 'speed-up']);
  expectProblem(await world.api.post(`/v1/admin/withdrawals/${id}/speed-up`), 401);
  expectProblem(
    await world.api.post(`/v1/admin/withdrawals/${id}/speed-up`, { token: world.tenant.token }),
    403,
  );
  expectProblem(
    await world.api.post(`/v1/admin/withdrawals/01900000-0000-7000-8000-000000000000/cancel`, {
      token: world.admin,
    }),
    404,
  );
  await world.chain.setAutomine(true);
  await mineUntil(async () => (await read()).status === 'confirmed', 'the withdrawal');
  const late = await world.api.post(`/v1/admin/withdrawals/${id}/cancel`, { token: world.admin });
  expectProblem(late, 409);
  expect(late.body.code).toBe('withdrawal_not_replaceable');
});

describe("the console's withdrawal page", () => {
  let browser: Browser;
  let page: Page;

  // One admin session for every case: the console keeps its tokens in the page's memory.
  beforeAll(async () => {
    const app = await world.api.post('/v1/api-clients', {
      token: world.admin,
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
    mkdirSync(SCREENSHOTS, { recursive: true });
    browser = await launchBrowser();
    page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${world.stack.gatewayUrl}/console/`);
    await page.getByLabel('E-mail').fill(BOOTSTRAP.adminEmail);
    await page
      .getByRole('textbox', { name: 'Password', exact: true })
      .fill(BOOTSTRAP.adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
  }, 60_000);

  afterAll(() => browser?.close());

  const attemptsTable = () => page.getByRole('table', { name: /^Transactions sent at its nonce/ });
  const heading = () => page.getByRole('heading', { name: /^Withdrawal of /, level: 1 });

  /** Opens a withdrawal's page by its address inside the running application (as links do). */
  async function openWithdrawal(w: CustodyWallet, id: string): Promise<void> {
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/console/users/${w.user}/wallets/${w.id}/withdrawals/${id}`);
    await heading().waitFor();
  }

  /** Opens the speed-up or cancel dialog and confirms it; the API's answer. */
  async function replaceFromPage(
    id: string,
    kind: 'speed-up' | 'cancel',
  ): Promise<{ answer: Response; dialog: Locator }> {
    const [open, title, confirm] =
      kind === 'speed-up'
        ? ['Speed up', 'Speed up withdrawal', 'Speed up']
        : ['Cancel', 'Cancel withdrawal', 'Cancel withdrawal'];
    await page.getByRole('button', { name: open, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: title });
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/v1/admin/withdrawals/${id}/${kind}`)),
      dialog.getByRole('button', { name: confirm, exact: true }).click(),
    ]);
    return { answer, dialog };
  }

  it('speeds up a stuck withdrawal found in the list of broadcast ones: the new attempt appears, and once mined it is confirmed once', async () => {
    const w = await fundedEthWallet();
    const { id, read } = await stuckWithdrawal(w);
    const [first] = (await read()).attempts ?? [];
    await page.getByRole('navigation').getByRole('link', { name: 'Money', exact: true }).click();
    await page.getByRole('tab', { name: 'Withdrawals' }).click();
    const filters = page.getByRole('form', { name: 'Withdrawal filters' });
    await filters.getByLabel('Status').selectOption('broadcast');
    await filters.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('link', { name: id }).click();
    await heading().waitFor();
    await attemptsTable()
      .locator(`tr[data-row="${first!.hash}"]`)
      .getByText('send', { exact: true })
      .waitFor();

    const { answer, dialog } = await replaceFromPage(id, 'speed-up');
    expect(answer.status()).toBe(200);
    const sent = ((await answer.json()) as { attempts: Attempt[] }).attempts.at(-1);
    expect(sent).toMatchObject({ kind: 'speed-up', nonce: first!.nonce, status: 'sent' });
    await dialog.waitFor({ state: 'detached' });
    // Shown without a reload: the page reads the withdrawal again after the change.
    await attemptsTable()
      .locator(`tr[data-row="${sent!.hash}"]`)
      .getByText('speed-up', { exact: true })
      .waitFor();

    await world.chain.setAutomine(true);
    await mineUntil(async () => (await read()).status === 'confirmed', 'the sped-up withdrawal');
    // The page follows it to its end: confirmed, one attempt mined, nothing left to replace.
    await page.getByTestId('withdrawal').getByText('confirmed', { exact: true }).waitFor();
    const done = await read();
    const mined = (done.attempts ?? []).filter((a) => a.status === 'mined');
    expect(mined).toHaveLength(1);
    await attemptsTable()
      .locator(`tr[data-row="${mined[0]!.hash}"]`)
      .getByText('mined', { exact: true })
      .waitFor();
    expect(await attemptsTable().getByText('mined', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Speed up' }).count()).toBe(0);
    await page.screenshot({
      path: path.join(SCREENSHOTS, 'withdrawal-sped-up.png'),
      fullPage: true,
    });
    // Mined once at its nonce, its fee booked once.
    expect(done.blockchainTransactionId).toBe(mined[0]!.hash);
    expect(await world.chain.provider.getTransactionCount(w.address, 'latest')).toBe(1);
    expect(await balance(w)).toBe(sub('0.9', done.fee));
    expect(parseEther(await balance(w))).toBe(await world.chain.provider.getBalance(w.address));
  });

  it('cancels a stuck withdrawal after saying what a cancel does: it ends failed, the amount back in the wallet', async () => {
    const w = await fundedEthWallet();
    const { id, read } = await stuckWithdrawal(w);
    await openWithdrawal(w, id);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel withdrawal' });
    await dialog.getByText(/zero-value transfer of the wallet’s address to itself/).waitFor();
    await dialog
      .getByText(/the funds stay in the wallet, less\s+the cancel’s network fee/)
      .waitFor();
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.waitFor({ state: 'detached' });

    const { answer } = await replaceFromPage(id, 'cancel');
    expect(answer.status()).toBe(200);
    // Mined at once: left unmined EVM_SPEED_UP_AFTER_MS, the adapter would replace it again.
    await world.chain.setAutomine(true);
    const cancel = ((await answer.json()) as { attempts: Attempt[] }).attempts.at(-1);
    expect(cancel).toMatchObject({ kind: 'cancel', status: 'sent' });
    await mineUntil(async () => (await read()).status === 'failed', 'the cancel to be mined');
    await page.getByTestId('withdrawal').getByText('failed', { exact: true }).waitFor();
    await attemptsTable()
      .locator(`tr[data-row="${cancel!.hash}"]`)
      .getByText('mined', { exact: true })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Cancel', exact: true }).count()).toBe(0);
    // The 0.1 never left: the wallet paid only the cancel's fee, and the chain agrees.
    const done = await read();
    expect(await balance(w)).toBe(sub('1', done.fee));
    expect(parseEther(await balance(w))).toBe(await world.chain.provider.getBalance(w.address));
    expect(
      (await world.api.get(`/v1/users/${w.user}/wallets/${w.id}`, { token: world.tenant.token }))
        .body.availableBalance,
    ).toBe(await balance(w));
  });

  it("shows the API's refusal on the page: no speed-up fits under the cap per withdrawal", async () => {
    const w = await fundedEthWallet();
    const { id, read } = await stuckWithdrawal(w);
    const baseFee = (await world.chain.provider.getBlock('latest'))!.baseFeePerGas!;
    // A base fee above the caps: the adapter's own speed-ups go up to the lower one (the cap per
    // withdrawal over 21,000 gas), and no step is left.
    await world.chain.provider.send('anvil_setNextBlockBaseFeePerGas', [toQuantity(2n * FEE_CAP)]);
    await world.chain.mine(1);
    try {
      await waitFor(async () => (await read()).attempts?.at(-1)?.maxFeePerGas === `${NATIVE_CAP}`, {
        timeoutMs: 30_000,
        what: 'the automatic speed-up to the cap',
      });
      for (const attempt of (await read()).attempts ?? [])
        expect(BigInt(attempt.maxFeePerGas) * 21_000n).toBeLessThanOrEqual(MAX_FEE_PER_WITHDRAWAL);
      await openWithdrawal(w, id);
      const { answer, dialog } = await replaceFromPage(id, 'speed-up');
      expect(answer.status()).toBe(409);
      const problem = (await answer.json()) as { code: string; detail: string };
      expect(problem.code).toBe('fee_cap_reached');
      await dialog.getByRole('alert').getByText(`${problem.detail} (fee_cap_reached)`).waitFor();
      // The page with its attempts and the refusal, as people read it.
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(
        results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);
      await page.screenshot({
        path: path.join(SCREENSHOTS, 'withdrawal-refused.png'),
        fullPage: true,
      });
      await dialog.getByRole('button', { name: 'Back' }).click();
      expect((await read()).status).toBe('broadcast');
    } finally {
      await world.chain.provider.send('anvil_setNextBlockBaseFeePerGas', [toQuantity(baseFee)]);
      await world.chain.setAutomine(true);
    }
  });
});
