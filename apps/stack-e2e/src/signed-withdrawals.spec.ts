import { randomUUID } from 'node:crypto';
import { parseEther, Wallet } from 'ethers';
import type { Browser, BrowserContext, Locator, Page, Route } from 'playwright-core';
import {
  approverKeyRegistration,
  approverEndorsementDigest,
  approverKeyFingerprint,
  approverOf,
  type ApprovalStatement,
  newApproverKey,
  signApproval,
  signDigest,
} from '@custody/sdk';
import { waitFor } from '@custody/testing';
import { launchBrowser } from './browser';
import {
  type ChainWorld,
  type CustodyWallet,
  fundedEthWallet,
  mineUntil,
  startChainWorld,
  stopChainWorld,
  withdrawalBody,
} from './chain-world';
import { SoftAuthenticator } from './soft-authenticator';
import { freePort, pageWithAuthenticator } from './virtual-authenticator';

// Withdrawals held for signed approvals (a policy with `approvers.signed`), approved, signed and
// confirmed on a local chain (anvil, wallet-ledger's EVM adapter): one approved over HTTP with an
// Ed25519 approver key; one by an operator in the console (Chromium, its virtual authenticator
// through the DevTools WebAuthn domain) who registers a passkey there, signs in with it, uses it
// for approvals (endorsed by the tenant's key) and approves with it, the page showing what the
// passkey signs as the approval's statement says it (and refusing to sign a statement that
// disagrees with the approval). Each time the signer checks the approval's signature against
// its own registry before it signs the transaction.

jest.setTimeout(240_000);

const CONSOLE_APP = { id: 'e2e-console', secret: 'e2e-console-api-client-secret' };
const PASSWORD = 'a-long-member-password';

let world: ChainWorld;
let origin: string;
let browser: Browser;
const contexts: BrowserContext[] = [];
/** The tenant's first approver: an Ed25519 key, admitted by the signer's registry at once. */
let keyHolder: { id: string; token: string; pem: string; credentialId: string };

async function member(name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${randomUUID().slice(0, 8)}@e2e.test`;
  const created = await world.api.post('/v1/clients', {
    token: world.admin,
    body: { name, email, password: PASSWORD, tenantId: world.tenant.id },
  });
  expect(created.status).toBe(201);
  const login = await world.api.login(email, PASSWORD);
  return { id: created.body.id as string, email, token: login.access_token };
}

/** A withdrawal of 0.1 ETH from `w`, held for its signed approval. */
async function heldWithdrawal(w: CustodyWallet) {
  const created = await world.api.post(`/v1/users/${w.user}/wallets/${w.id}/withdrawals`, {
    token: world.tenant.token,
    body: withdrawalBody('eth', '0.1'),
  });
  expect(created.status).toBe(201);
  const path = `/v1/users/${w.user}/wallets/${w.id}/withdrawals/${created.body.id}`;
  const read = async () =>
    (await world.api.get(path, { token: world.tenant.token })).body as {
      status: string;
      approvalId: string;
      receiverAddress: string;
      blockchainTransactionId: string | null;
    };
  const held = await read();
  expect(held.status).toBe('pending_approval');
  return { id: created.body.id as string, approvalId: held.approvalId, read };
}

/** Mines until the withdrawal is confirmed; the receiver holds its 0.1 ETH. */
async function confirmed(withdrawal: Awaited<ReturnType<typeof heldWithdrawal>>) {
  await mineUntil(
    world,
    async () => (await withdrawal.read()).status === 'confirmed',
    'the approved withdrawal confirmed on chain',
  );
  const done = await withdrawal.read();
  expect(await world.chain.provider.getBalance(done.receiverAddress)).toBe(parseEther('0.1'));
  const receipt = await world.chain.provider.getTransactionReceipt(done.blockchainTransactionId!);
  expect(receipt?.status).toBe(1);
}

beforeAll(async () => {
  const port = await freePort();
  // WebAuthn refuses IP addresses as relying parties: the browser goes to localhost.
  origin = `http://localhost:${port}`;
  const relyingParty = { WEBAUTHN_RP_ID: 'localhost', WEBAUTHN_ORIGINS: origin };
  world = await startChainWorld({
    tenantName: 'Signed withdrawals',
    env: {
      gateway: {
        PORT: String(port),
        CONSOLE_API_CLIENT_ID: CONSOLE_APP.id,
        CONSOLE_API_CLIENT_SECRET: CONSOLE_APP.secret,
      },
      // Identity registers passkeys; the policy service and the signer verify their approvals.
      identity: relyingParty,
      policy: relyingParty,
      signing: relyingParty,
    },
  });
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
  const policy = await world.api.post('/v1/policies', {
    token: world.tenant.token,
    body: {
      name: 'Every withdrawal waits for one signed approval',
      activity: 'withdrawal',
      rule: { kind: 'always' },
      action: 'require_approval',
      approvers: { quorum: 1, signed: true },
    },
  });
  expect(policy.status).toBe(201);
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await stopChainWorld(world);
});

it('confirms on chain a withdrawal approved with an Ed25519 key', async () => {
  const holder = await member('Key holder');
  const pem = newApproverKey().privateKeyPem;
  const registered = await world.api.post('/v1/clients/me/approver-keys', {
    token: holder.token,
    body: approverKeyRegistration(pem, approverOf(holder.token)),
  });
  expect(registered.body).toMatchObject({ status: 'active' });
  keyHolder = { id: holder.id, token: holder.token, pem, credentialId: registered.body.id };

  const w = await fundedEthWallet(world);
  const withdrawal = await heldWithdrawal(w);
  const approval = await world.api.get(`/v1/approvals/${withdrawal.approvalId}`, {
    token: holder.token,
  });
  const statement = approval.body.signing.statement as ApprovalStatement;
  expect(statement.operation).toMatchObject({
    kind: 'movement',
    legs: [{ walletId: w.id, assetId: 'eth', amount: '0.1' }],
  });
  // Unsigned, it does not count.
  expect(
    (
      await world.api.post(`/v1/approvals/${withdrawal.approvalId}/decisions`, {
        token: holder.token,
        body: { decision: 'approve' },
      })
    ).body,
  ).toMatchObject({ status: 400, code: 'approval_signature_required' });
  const approved = await world.api.post(`/v1/approvals/${withdrawal.approvalId}/decisions`, {
    token: holder.token,
    body: {
      decision: 'approve',
      signature: { credentialId: keyHolder.credentialId, signature: signApproval(statement, pem) },
    },
  });
  expect(approved.status).toBe(201);
  await confirmed(withdrawal);
});

it('confirms on chain a withdrawal an operator approves in the console with the passkey it signed in with', async () => {
  expect(keyHolder).toBeDefined();
  const operator = await member('Operator');
  const context = await browser.newContext();
  context.setDefaultTimeout(20_000);
  contexts.push(context);
  const tab = await pageWithAuthenticator(context);
  // What the page asked and heard, shown when a step does not come.
  const seen: string[] = [];
  tab.on('response', (r) => seen.push(`${r.request().method()} ${r.url()} ${r.status()}`));
  tab.on('pageerror', (e) => seen.push(`page error: ${e.message}`));
  const step = async (what: string, done: Promise<unknown>) => {
    const outcome = await Promise.race([
      done.then(() => 'done'),
      tab
        .getByRole('alert')
        .first()
        .waitFor()
        .then(async () => `refused: ${await tab.getByRole('alert').first().textContent()}`),
    ]).catch((error: unknown) => `failed: ${String(error)}`);
    expect([what, outcome === 'done' ? outcome : [outcome, ...seen].join('\n')]).toEqual([
      what,
      'done',
    ]);
  };

  // Signed in with its password, it registers a passkey.
  await tab.goto(`${origin}/console/`);
  await tab.getByLabel('E-mail').fill(operator.email);
  await tab.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await tab.getByRole('button', { name: 'Sign in' }).click();
  await step('signed in', tab.getByRole('heading', { name: 'Overview', level: 1 }).waitFor());
  await go(tab, 'Passkeys');
  await tab.getByLabel('Name').fill('Operator laptop');
  await tab.getByRole('button', { name: 'Register a passkey' }).click();
  await step(
    'passkey registered',
    tab.getByText('Passkey “Operator laptop” registered.').waitFor(),
  );

  // Signed out, it signs in with the passkey alone.
  await tab.getByRole('button', { name: 'Sign out' }).click();
  await tab.getByText('You are signed out.').waitFor();
  await tab.getByRole('button', { name: 'Use a passkey' }).click();
  await step('signed in with the passkey', tab.getByRole('button', { name: 'Sign out' }).waitFor());
  await expect(tab.getByTestId('who').textContent()).resolves.toContain('Operator');

  // A compromised identity lists the passkey's credential id with another public key (the
  // attacker's): the page asks the passkey, finds its assertion does not verify under the key it
  // would register, and sends nothing.
  const passkeysList = (url: URL) => url.pathname === '/console/api/v1/clients/me/passkeys';
  const otherKey = new SoftAuthenticator('http://localhost', 'localhost').create().publicKey;
  const swapped = async (route: Route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const list = (await response.json()) as { publicKey: string }[];
    for (const passkey of list) passkey.publicKey = otherKey;
    await route.fulfill({ response, json: list });
  };
  const enrolmentsSent: string[] = [];
  const countEnrolment = (r: { method(): string; url(): string }) => {
    if (r.method() === 'POST' && r.url().endsWith('/clients/me/approver-keys'))
      enrolmentsSent.push(r.url());
  };
  tab.on('request', countEnrolment);
  await tab.route(passkeysList, swapped);
  await go(tab, 'Passkeys');
  // Loaded afresh, through the swap (the list the page had came before it).
  await tab.reload();
  await tab.getByRole('button', { name: 'Use Operator laptop for approvals' }).click();
  // (Not a `step`: the refusal is the alert awaited here.)
  await tab
    .getByRole('alert')
    .filter({ hasText: 'does not hold the public key the server listed' })
    .waitFor();
  expect(enrolmentsSent).toEqual([]);
  expect(
    (await world.api.get('/v1/clients/me/approver-keys', { token: operator.token })).body,
  ).toEqual([]);
  await tab.unroute(passkeysList, swapped);
  tab.off('request', countEnrolment);
  await tab.reload();

  // It uses the passkey for approvals: the tenant has a key already, so it waits for an
  // endorsement, which the key holder gives (its Ed25519 signature of the endorsement digest,
  // once the fingerprint the page shows is the key's).
  await tab.getByRole('button', { name: 'Use Operator laptop for approvals' }).click();
  await step(
    'the passkey registered as an approver credential',
    tab.getByText('Passkey “Operator laptop” waits for your tenant').waitFor(),
  );
  await tab.getByRole('cell', { name: 'Waiting for endorsements' }).waitFor();
  const [credential] = (
    await world.api.get('/v1/clients/me/approver-keys', { token: operator.token })
  ).body as { id: string; kind: string; status: string; tenantId: string; publicKey: string }[];
  expect(credential).toMatchObject({ kind: 'webauthn', status: 'pending' });
  await expect(tab.getByLabel('Key fingerprint').textContent()).resolves.toContain(
    await approverKeyFingerprint(credential!.publicKey),
  );
  const endorsed = await world.api.post(`/v1/approver-keys/${credential!.id}/endorsements`, {
    token: keyHolder.token,
    body: {
      credentialId: keyHolder.credentialId,
      signature: signDigest(
        approverEndorsementDigest(
          {
            tenantId: credential!.tenantId,
            clientId: operator.id,
            kind: 'webauthn',
            publicKey: credential!.publicKey,
          },
          keyHolder.credentialId,
        ),
        keyHolder.pem,
      ),
    },
  });
  expect(endorsed.body).toMatchObject({ status: 'active' });
  const registry = await world.db.query<{ admitted_as: string }>(
    'SELECT admitted_as FROM signing.approver_credentials WHERE id = $1',
    [credential!.id],
  );
  expect(registry.rows).toEqual([{ admitted_as: 'endorsed' }]);
  await tab.reload();
  await tab.getByRole('cell', { name: 'Signs approvals' }).waitFor();

  // A withdrawal held for a signed approval: the operator approves it with the passkey.
  const w = await fundedEthWallet(world);
  const withdrawal = await heldWithdrawal(w);
  const receiver = (await withdrawal.read()).receiverAddress.toLowerCase();
  const dialog = tab.getByRole('dialog');
  const openApproval = async () => {
    await tab.getByRole('button', { name: /^Open approval withdrawal · 0\.1 eth/ }).click();
    await dialog.getByText('Approvals count only signed').waitFor();
  };

  // An API that hands over a statement paying someone else than the approval shows (its
  // summary): the page shows the statement's destination, refuses to sign it and says why.
  const attacker = Wallet.createRandom().address.toLowerCase();
  const approvalsList = (url: URL) => url.pathname === '/console/api/v1/approvals';
  const tampered = async (route: Route) => {
    const response = await route.fetch();
    const list = (await response.json()) as {
      id: string;
      signing?: { statement: { operation: { legs?: { destination: string }[] } } };
    }[];
    for (const approval of list)
      if (approval.id === withdrawal.approvalId)
        approval.signing!.statement.operation.legs![0]!.destination = attacker;
    await route.fulfill({ response, json: list });
  };
  const decisionsSent: string[] = [];
  tab.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/decisions')) decisionsSent.push(r.url());
  });
  await tab.route(approvalsList, tampered);
  await go(tab, 'Approvals');
  await openApproval();
  await dialog
    .getByRole('alert')
    .filter({ hasText: 'The statement to sign does not match this approval' })
    .getByText(`the destination is ${attacker}, not ${receiver}`, { exact: false })
    .waitFor();
  expect(await signedFacts(dialog)).toMatchObject({ Destination: attacker });
  await expect(dialog.getByRole('button', { name: 'Approve' }).isDisabled()).resolves.toBe(true);
  await tab.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  expect(decisionsSent).toEqual([]);
  expect(
    (await world.api.get(`/v1/approvals/${withdrawal.approvalId}`, { token: operator.token })).body,
  ).toMatchObject({ status: 'pending', decisions: [] });
  await tab.unroute(approvalsList, tampered);

  // The statement as the API gives it: the page shows what the passkey signs, read from it.
  await tab.reload();
  await tab.getByRole('heading', { name: 'Approvals', level: 1 }).waitFor();
  await openApproval();
  expect(await signedFacts(dialog)).toEqual({
    Approval: withdrawal.approvalId,
    Activity: 'withdrawal',
    Operation: 'movement',
    Wallet: w.id,
    Asset: 'eth',
    Amount: '0.1',
    Destination: receiver,
  });
  await expect(dialog.getByRole('alert').count()).resolves.toBe(0);
  await dialog.getByLabel('Reason').fill('checked on the console');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await step('the approval sent', dialog.waitFor({ state: 'detached' }));

  const approval = (
    await world.api.get(`/v1/approvals/${withdrawal.approvalId}`, { token: operator.token })
  ).body;
  expect(approval).toMatchObject({
    status: 'approved',
    decisions: [
      {
        clientId: operator.id,
        decision: 'approve',
        reason: 'checked on the console',
        credentialId: credential!.id,
      },
    ],
  });
  await confirmed(withdrawal);
  // The signer signed it on the passkey's assertion, with the decision that carried it.
  const signed = await waitFor(
    async () => {
      const { rows } = await world.db.query<{ activity: string }>(
        'SELECT activity FROM signing.signature_log WHERE operation_id = $1',
        [withdrawal.id],
      );
      return rows.length > 0 ? rows : undefined;
    },
    { what: "the withdrawal's signature in the signer's log" },
  );
  expect(signed[0]).toMatchObject({ activity: 'withdrawal' });
});

/** The facts the approval dialog says the passkey signs, by label. */
async function signedFacts(dialog: Locator): Promise<Record<string, string>> {
  const rows = await dialog
    .getByRole('table', { name: 'What your passkey signs' })
    .getByRole('row')
    .evaluateAll((trs) =>
      trs.map((tr) => [
        tr.querySelector('th')?.textContent ?? '',
        tr.querySelector('td')?.textContent ?? '',
      ]),
    );
  return Object.fromEntries(rows);
}

async function go(page: Page, section: string): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name: section, exact: true }).click();
  await page.getByRole('heading', { name: section, level: 1 }).waitFor();
}
