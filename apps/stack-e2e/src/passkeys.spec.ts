import type { Browser, BrowserContext, Page } from 'playwright-core';
import { decodeJwt } from 'jose';
import { Api, expectProblem } from './api';
import { launchBrowser } from './browser';
import { SoftAuthenticator } from './soft-authenticator';
import { type Stack, startStack } from './stack';
import { freePort, pageWithAuthenticator } from './virtual-authenticator';

// Passkeys for people (docs/decisions/identity-and-authentication.md, "Passkeys"): over HTTP
// with a software authenticator, registration, sign-in with the webauthn grant (the passkey
// signing the challenge's sign-in derivation, `signInChallenge`) and what it refuses (a replayed
// challenge, one signed as issued, an unverified user, another client's passkey, a deleted one),
// and a tenant's requirement of its members; in Chromium with its virtual authenticator (the
// DevTools WebAuthn domain), an operator registers a passkey in the console, signs out, and
// signs in with it alone, the session surviving a reload.

jest.setTimeout(120_000);

const CONSOLE_APP = { id: 'e2e-console', secret: 'e2e-console-api-client-secret' };

let stack: Stack;
let api: Api;
let admin: string;
let origin: string;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const port = await freePort();
  // WebAuthn refuses IP addresses as relying parties: the browser goes to localhost.
  origin = `http://localhost:${port}`;
  stack = await startStack({
    env: {
      gateway: {
        PORT: String(port),
        CONSOLE_API_CLIENT_ID: CONSOLE_APP.id,
        CONSOLE_API_CLIENT_SECRET: CONSOLE_APP.secret,
      },
      identity: { WEBAUTHN_RP_ID: 'localhost', WEBAUTHN_ORIGINS: origin },
    },
  });
  api = new Api(stack.gatewayUrl);
  admin = await api.adminToken();
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
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await stack?.cleanup();
});

/** Registers a passkey of the token's client with the authenticator; answers its id. */
async function register(token: string, device: SoftAuthenticator, name?: string): Promise<string> {
  const options = await api.post('/v1/clients/me/passkeys/registration-options', { token });
  expect(options.status).toBe(200);
  const res = await api.post('/v1/clients/me/passkeys', {
    token,
    body: { response: device.register(options.body), ...(name ? { name } : {}) },
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

async function challenge(username?: string) {
  const res = await api.post('/v1/tokens/webauthn-challenge', {
    basic: api.bootstrapApp,
    body: username ? { username } : {},
  });
  expect(res.status).toBe(200);
  return res.body as { challenge: string; allowCredentials?: { id: string }[] };
}

const webauthnGrant = (response: unknown) => ({
  basic: api.bootstrapApp,
  body: { grant_type: 'urn:custody:webauthn', response },
});

describe('passkeys over HTTP', () => {
  it('registers several passkeys of a client, signs in with each, and lists them with their last use', async () => {
    const tenant = await api.newClient(admin, 'Passkey tenant');
    const laptop = new SoftAuthenticator(origin, 'localhost');
    const phone = new SoftAuthenticator(origin, 'localhost');
    const first = await register(tenant.token, laptop, 'Laptop');
    await register(tenant.token, phone);

    // The next registration's options exclude both.
    const options = await api.post('/v1/clients/me/passkeys/registration-options', {
      token: tenant.token,
    });
    expect(options.body).toMatchObject({
      rp: { id: 'localhost' },
      authenticatorSelection: { userVerification: 'required', residentKey: 'required' },
    });
    expect(options.body.excludeCredentials).toHaveLength(2);

    // A discoverable sign-in (no e-mail), and one for the e-mail.
    const signedIn = await api.post(
      '/v1/tokens',
      webauthnGrant(await laptop.signIn(await challenge())),
    );
    expect(signedIn.status).toBe(201);
    expect(signedIn.body.client.id).toBe(tenant.id);
    expect(decodeJwt(signedIn.body.access_token as string)['enr']).toBeUndefined();
    const named = await challenge(tenant.email);
    expect(named.allowCredentials).toHaveLength(2);
    expect((await api.post('/v1/tokens', webauthnGrant(await phone.signIn(named)))).status).toBe(
      201,
    );
    // The token works like any other.
    const users = await api.get('/v1/users', { token: signedIn.body.access_token });
    expect(users.status).toBe(200);

    const listed = await api.get('/v1/clients/me/passkeys', { token: tenant.token });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      expect.objectContaining({ id: first, name: 'Laptop', transports: ['internal'] }),
      expect.objectContaining({ name: 'Passkey 2' }),
    ]);
    expect(listed.body[0].lastUsedAt).not.toBeNull();
    // Its public key and relying party: what its registration as an approver credential names.
    expect(listed.body[0]).toMatchObject({
      rpId: 'localhost',
      publicKey: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
    });
  });

  it('refuses a passkey registered already, by the same client or another (passkey_exists)', async () => {
    const tenant = await api.newClient(admin, 'Twice tenant');
    const other = await api.newClient(admin, 'Other tenant');
    const device = new SoftAuthenticator(origin, 'localhost');
    await register(tenant.token, device);
    const [first] = (await api.get('/v1/clients/me/passkeys', { token: tenant.token })).body as {
      credentialId: string;
    }[];
    // An authenticator that ignores excludeCredentials answers with the same passkey again.
    for (const token of [tenant.token, other.token]) {
      const options = await api.post('/v1/clients/me/passkeys/registration-options', { token });
      expectProblem(
        await api.post('/v1/clients/me/passkeys', {
          token,
          body: { response: device.register(options.body, { again: first!.credentialId }) },
        }),
        409,
        'passkey_exists',
      );
    }
    expect((await api.get('/v1/clients/me/passkeys', { token: tenant.token })).body).toHaveLength(
      1,
    );
    expect((await api.get('/v1/clients/me/passkeys', { token: other.token })).body).toEqual([]);
  });

  it('refuses a replayed challenge, one signed as issued, an unverified user, a wrong origin, and answers that change nothing', async () => {
    const tenant = await api.newClient(admin, 'Replay tenant');
    const device = new SoftAuthenticator(origin, 'localhost');
    await register(tenant.token, device);

    const assertion = await device.signIn(await challenge());
    expect((await api.post('/v1/tokens', webauthnGrant(assertion))).status).toBe(201);
    // The same assertion again: its challenge was used.
    expectProblem(
      await api.post('/v1/tokens', webauthnGrant(assertion)),
      400,
      'webauthn_challenge_invalid',
    );
    // The challenge as issued, signed as it is (not its sign-in derivation): refused, and the
    // challenge still signs in once answered as a client must.
    const issued = await challenge();
    expectProblem(
      await api.post('/v1/tokens', webauthnGrant(device.assert(issued))),
      400,
      'webauthn_challenge_invalid',
    );
    expect((await api.post('/v1/tokens', webauthnGrant(await device.signIn(issued)))).status).toBe(
      201,
    );
    // A challenge nobody issued.
    expectProblem(
      await api.post('/v1/tokens', webauthnGrant(await device.signIn({ challenge: 'made-up' }))),
      400,
      'webauthn_challenge_invalid',
    );
    // The authenticator did not verify the person.
    expectProblem(
      await api.post(
        '/v1/tokens',
        webauthnGrant(await device.signIn(await challenge(), { userVerified: false })),
      ),
      401,
      'passkey_assertion_invalid',
    );
    // A counter that went back: a cloned authenticator.
    expectProblem(
      await api.post(
        '/v1/tokens',
        webauthnGrant(await device.signIn(await challenge(), { counter: 1 })),
      ),
      401,
      'passkey_assertion_invalid',
    );
    // A challenge of another api client.
    const other = await api.post('/v1/tokens/webauthn-challenge', {
      basic: { id: CONSOLE_APP.id, secret: CONSOLE_APP.secret },
      body: {},
    });
    expectProblem(
      await api.post('/v1/tokens', webauthnGrant(await device.signIn(other.body))),
      400,
      'webauthn_challenge_invalid',
    );
    // Wrong api client credentials for a challenge.
    expectProblem(
      await api.post('/v1/tokens/webauthn-challenge', {
        basic: { id: api.bootstrapApp.id, secret: 'wrong-secret-wrong-secret' },
        body: {},
      }),
      401,
      'invalid_client',
    );

    // Registrations that do not verify: no verified user, another origin, a used challenge.
    const unverified = await api.post('/v1/clients/me/passkeys/registration-options', {
      token: tenant.token,
    });
    expectProblem(
      await api.post('/v1/clients/me/passkeys', {
        token: tenant.token,
        body: { response: device.register(unverified.body, { userVerified: false }) },
      }),
      400,
      'passkey_registration_invalid',
    );
    const elsewhere = await api.post('/v1/clients/me/passkeys/registration-options', {
      token: tenant.token,
    });
    const foreign = device.register(elsewhere.body, { origin: 'https://evil.example' });
    expectProblem(
      await api.post('/v1/clients/me/passkeys', {
        token: tenant.token,
        body: { response: foreign },
      }),
      400,
      'passkey_registration_invalid',
    );
    expectProblem(
      await api.post('/v1/clients/me/passkeys', {
        token: tenant.token,
        body: { response: foreign },
      }),
      400,
      'webauthn_challenge_invalid',
    );
    // Another client's registration challenge.
    const someoneElse = await api.newClient(admin, 'Someone else');
    const theirs = await api.post('/v1/clients/me/passkeys/registration-options', {
      token: someoneElse.token,
    });
    expectProblem(
      await api.post('/v1/clients/me/passkeys', {
        token: tenant.token,
        body: { response: device.register(theirs.body) },
      }),
      400,
      'webauthn_challenge_invalid',
    );
    expect((await api.get('/v1/clients/me/passkeys', { token: tenant.token })).body).toHaveLength(
      1,
    );
  });

  it("refuses another client's passkey for an e-mail's challenge, and removes passkeys one at a time", async () => {
    const alice = await api.newClient(admin, 'Alice tenant');
    const bob = await api.newClient(admin, 'Bob tenant');
    const alicesDevice = new SoftAuthenticator(origin, 'localhost');
    const bobsDevice = new SoftAuthenticator(origin, 'localhost');
    const alicesPasskey = await register(alice.token, alicesDevice);
    await register(bob.token, bobsDevice);

    // A challenge for Alice answered with Bob's passkey.
    expectProblem(
      await api.post(
        '/v1/tokens',
        webauthnGrant(await bobsDevice.signIn(await challenge(alice.email))),
      ),
      401,
      'invalid_grant',
    );

    // Bob cannot remove Alice's.
    expectProblem(
      await api.delete(`/v1/clients/me/passkeys/${alicesPasskey}`, { token: bob.token }),
      404,
      'not_found',
    );
    const removed = await api.delete(`/v1/clients/me/passkeys/${alicesPasskey}`, {
      token: alice.token,
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ id: alicesPasskey });
    expectProblem(
      await api.delete(`/v1/clients/me/passkeys/${alicesPasskey}`, { token: alice.token }),
      404,
      'not_found',
    );
    // A removed passkey signs nobody in.
    expectProblem(
      await api.post('/v1/tokens', webauthnGrant(await alicesDevice.signIn(await challenge()))),
      401,
      'invalid_grant',
    );
  });

  it("holds a tenant's members to passkeys: a password only enrolls, then it is refused; the last passkey stays; an admin's reset recovers", async () => {
    const tenant = await api.newClient(admin, 'Strict tenant');
    const email = `member-${Math.random().toString(36).slice(2)}@e2e.test`;
    const password = 'a-long-member-password';
    const member = await api.post('/v1/clients', {
      token: admin,
      body: { name: 'Strict member', email, password, tenantId: tenant.id },
    });
    expect(member.status).toBe(201);

    // Only a tenant takes the setting.
    expectProblem(
      await api.patch(`/v1/clients/${member.body.id}`, {
        token: admin,
        body: { passkeyRequired: true },
      }),
      400,
      'passkey_requirement_invalid',
    );
    const required = await api.patch(`/v1/clients/${tenant.id}`, {
      token: admin,
      body: { passkeyRequired: true },
    });
    expect(required.status).toBe(200);
    expect(required.body.passkeyRequired).toBe(true);

    // No passkey yet: the password signs in to enroll only.
    const enrolling = await api.login(email, password);
    expect(decodeJwt(enrolling.access_token)['enr']).toBe(true);
    expectProblem(
      await api.get('/v1/users', { token: enrolling.access_token }),
      403,
      'passkey_enrollment_required',
    );
    const device = new SoftAuthenticator(origin, 'localhost');
    const passkey = await register(enrolling.access_token, device);

    // Enrolled: the password is refused, and so is its login's refresh.
    expectProblem(
      await api.post('/v1/tokens', {
        basic: api.bootstrapApp,
        body: { grant_type: 'password', username: email, password },
      }),
      403,
      'passkey_required',
    );
    expectProblem(
      await api.post('/v1/tokens', {
        basic: api.bootstrapApp,
        body: { grant_type: 'refresh_token', refresh_token: enrolling.refresh_token },
      }),
      403,
      'passkey_required',
    );
    const signedIn = await api.post(
      '/v1/tokens',
      webauthnGrant(await device.signIn(await challenge())),
    );
    expect(signedIn.status).toBe(201);
    const token = signedIn.body.access_token as string;
    expect((await api.get('/v1/users', { token })).status).toBe(200);
    expectProblem(
      await api.delete(`/v1/clients/me/passkeys/${passkey}`, { token }),
      409,
      'passkey_last_required',
    );

    // A lost passkey: the admin's reset (no policy-change policy here: it applies at once)
    // removes it and ends the member's logins; the password enrolls again.
    const reset = await api.patch(`/v1/clients/${member.body.id}`, {
      token: admin,
      body: { passkeysReset: true },
    });
    expect(reset.status).toBe(200);
    expect((await api.get('/v1/users', { token })).status).toBe(401);
    const again = await api.login(email, password);
    expect(decodeJwt(again.access_token)['enr']).toBe(true);
    expect((await api.get('/v1/clients/me/passkeys', { token: again.access_token })).body).toEqual(
      [],
    );
  });
});

describe('passkeys in the console (Chromium, virtual authenticator)', () => {
  async function page(): Promise<Page> {
    const context = await browser.newContext();
    context.setDefaultTimeout(20_000);
    contexts.push(context);
    return pageWithAuthenticator(context);
  }

  it('registers a passkey, signs out, signs in with it alone, and the session survives a reload', async () => {
    const tenant = await api.newClient(admin, 'Console passkey tenant');
    const tab = await page();
    // What the page asked and heard, shown when the sign-in does not come.
    const seen: string[] = [];
    tab.on('response', (r) => seen.push(`${r.request().method()} ${r.url()} ${r.status()}`));
    tab.on('console', (m) => seen.push(`console ${m.type()}: ${m.text()}`));
    tab.on('pageerror', (e) => seen.push(`page error: ${e.message}`));
    await tab.goto(`${origin}/console/`);
    await tab.getByLabel('E-mail').fill(tenant.email);
    await tab.getByRole('textbox', { name: 'Password', exact: true }).fill(tenant.password);
    await tab.getByRole('button', { name: 'Sign in' }).click();
    await tab.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();

    await tab.getByRole('link', { name: 'Passkeys' }).click();
    await tab.getByRole('heading', { name: 'Passkeys', level: 1 }).waitFor();
    await tab.getByLabel('Name').fill('Virtual authenticator');
    await tab.getByRole('button', { name: 'Register a passkey' }).click();
    await tab.getByText('Passkey “Virtual authenticator” registered.').waitFor();
    await tab.getByRole('cell', { name: 'Virtual authenticator', exact: true }).waitFor();
    const stored = await api.get('/v1/clients/me/passkeys', { token: tenant.token });
    expect(stored.body).toEqual([expect.objectContaining({ name: 'Virtual authenticator' })]);

    await tab.getByRole('button', { name: 'Sign out' }).click();
    await tab.getByText('You are signed out.').waitFor();

    // No e-mail, no password: the passkey alone.
    await tab.getByRole('button', { name: 'Use a passkey' }).click();
    // Signed in (the shell, at the page it was on: Passkeys), or why not.
    const outcome = await Promise.race([
      tab
        .getByRole('button', { name: 'Sign out' })
        .waitFor()
        .then(() => 'signed in')
        .catch(() => 'the page closed'),
      tab
        .getByRole('alert')
        .waitFor()
        .then(async () => `refused: ${await tab.getByRole('alert').textContent()}`)
        // The race's loser waits on until the page closes.
        .catch(() => 'the page closed'),
      new Promise<string>((resolve) => setTimeout(() => resolve('no answer'), 15_000)),
    ]);
    expect(outcome === 'signed in' ? outcome : [outcome, ...seen].join('\n')).toBe('signed in');
    await expect(tab.getByTestId('who').textContent()).resolves.toContain('Console passkey tenant');
    await tab.getByRole('heading', { name: 'Passkeys', level: 1 }).waitFor();
    // A reload, at the overview: still signed in.
    await tab.goto(`${origin}/console/`);
    await tab.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await tab.reload();
    await tab.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await expect(tab.getByTestId('who').textContent()).resolves.toContain('Console passkey tenant');
    const used = await api.get('/v1/clients/me/passkeys', { token: tenant.token });
    expect(used.body[0].lastUsedAt).not.toBeNull();
  });
});
