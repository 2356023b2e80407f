import { createCipheriv, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createLocalJWKSet, decodeJwt, type JWK, jwtVerify } from 'jose';
import { v7 as uuidv7 } from 'uuid';
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  AUTH_STATE_KEYS,
  IDENTITY_RPC,
  ISSUER_TOKEN_AUDIENCE,
  type ApiClientCredentials,
  type EnumQuery,
  type TokenRequest,
} from '@custody/contracts';
import type { RpcClient } from '@custody/messaging';
import type { RunningService } from '@custody/service-kit';
import { waitFor } from '@custody/testing';
import { SecretBox } from '@custody/secrets';
import { resealLegacySecrets } from './keys/reseal';
import { rotateSigningKey } from './keys/signing-keys';
import {
  admin,
  BOOTSTRAP,
  applied,
  createIdentityHarness,
  type IdentityHarness,
  person,
  tenantOf,
} from './test-harness';

// The identity service alone, over RPC as the gateway calls it (test-harness.ts): tokens, enums
// and the token signing keys. Users, clients and api clients are specified beside their use
// cases; the HTTP side is apps/stack-e2e.

let h: IdentityHarness;
let service: RunningService<'identity'>;
let namespace: string;
let issuerApp: RpcClient;

const call: IdentityHarness['call'] = (method, params, auth) => h.call(method, params, auth);
const redisValue = (key: string) => h.redisValue(key);

beforeAll(async () => {
  h = await createIdentityHarness();
  ({ service, namespace, issuerApp } = h);
});

afterEach(() => h.resetLedger());

afterAll(async () => {
  await h?.close();
});

describe('tokens', () => {
  const apiClient: ApiClientCredentials = {
    id: BOOTSTRAP.apiClientId,
    secret: BOOTSTRAP.apiClientSecret,
  };
  const issue = (request: TokenRequest, credentials = apiClient) =>
    call(IDENTITY_RPC.issueToken, { credentials, request });
  const invalidGrant = {
    status: 401,
    code: 'invalid_grant',
    message: 'The credentials are not valid.',
  };

  let client: { id: string; email: string; password: string };

  beforeAll(async () => {
    const password = 'token-client-password';
    const created = applied(
      await call(
        IDENTITY_RPC.createClient,
        {
          name: 'Token client',
          email: 'tokens@clients.test',
          password,
          scopes: [['users', 'read']],
        },
        admin,
      ),
    );
    client = { id: created.id, email: created.email, password };
  });

  /** The JWKS identity serves, as jose reads it. */
  async function jwks() {
    const { keys } = await call(IDENTITY_RPC.jwks, {});
    const set: JWK[] = keys.map((k) => ({
      kty: String(k['kty']),
      crv: String(k['crv']),
      x: String(k['x']),
      kid: String(k['kid']),
      alg: String(k['alg']),
    }));
    return createLocalJWKSet({ keys: set });
  }

  it('issues an access token the JWKS verifies, with the client as tenant, and a refresh token', async () => {
    const token = await issue({
      grant_type: 'password',
      username: 'TOKENS@clients.test',
      password: client.password,
    });
    expect(token).toMatchObject({
      token_type: 'Bearer',
      expires_in: '3600',
      refresh_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      client: { id: client.id, email: client.email, audience: ['general'] },
    });
    expect(token).not.toHaveProperty('userId');
    const { payload, protectedHeader } = await jwtVerify(token.access_token, await jwks(), {
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
    });
    expect(protectedHeader).toMatchObject({ alg: 'EdDSA', typ: 'at+jwt' });
    expect(payload).toMatchObject({
      sub: client.id,
      ten: client.id,
      aud_c: 'general',
      azp: BOOTSTRAP.apiClientId,
      ver: 1,
      scp: [['users', 'read']],
    });
    expect(payload).not.toHaveProperty('uid');
    // iat and exp are stamped one after the other: a second may tick between them.
    expect(Number(payload.exp) - Number(payload.iat)).toBeGreaterThanOrEqual(3_600);
    expect(Number(payload.exp) - Number(payload.iat)).toBeLessThanOrEqual(3_601);
  });

  it('refuses wrong api client credentials, a wrong password and an unknown email', async () => {
    const good: TokenRequest = {
      grant_type: 'password',
      username: client.email,
      password: client.password,
    };
    await expect(issue(good, { id: apiClient.id, secret: 'not-the-secret' })).rejects.toMatchObject(
      {
        status: 401,
        code: 'invalid_client',
        message: 'The api client credentials are not valid.',
      },
    );
    await expect(issue(good, { id: 'no-such-app', secret: 'x' })).rejects.toMatchObject({
      status: 401,
      code: 'invalid_client',
    });
    await expect(
      issue({ grant_type: 'password', username: client.email, password: 'wrong-password' }),
    ).rejects.toMatchObject(invalidGrant);
    await expect(
      issue({ grant_type: 'password', username: 'nobody@clients.test', password: client.password }),
    ).rejects.toMatchObject(invalidGrant);
  });

  it('binds a token to a user of the client only (the admin may bind any user)', async () => {
    const tenant = tenantOf(client.id);
    const own = await call(IDENTITY_RPC.createIndividual, person(), tenant);
    const foreign = await call(IDENTITY_RPC.createIndividual, person(), tenantOf('elsewhere'));
    const password: Extract<TokenRequest, { grant_type: 'password' }> = {
      grant_type: 'password',
      username: client.email,
      password: client.password,
    };

    const bound = await issue({ ...password, userId: own.id });
    expect(bound.userId).toBe(own.id);
    expect(decodeJwt(bound.access_token).uid).toBe(own.id);
    const unknownUser = {
      status: 400,
      code: 'unknown_user',
      message: 'userId is not a user of this client.',
    };
    await expect(issue({ ...password, userId: foreign.id })).rejects.toMatchObject(unknownUser);
    await expect(issue({ ...password, userId: 'not-a-uuid' })).rejects.toMatchObject(unknownUser);

    const asAdmin = await issue({
      grant_type: 'password',
      username: BOOTSTRAP.email,
      password: BOOTSTRAP.password,
      userId: foreign.id,
    });
    expect(decodeJwt(asAdmin.access_token)).toMatchObject({ aud_c: 'admin', uid: foreign.id });
  });

  it('rotates a refresh token, keeps its user binding, and revokes the family on reuse', async () => {
    const own = await call(IDENTITY_RPC.createIndividual, person(), tenantOf(client.id));
    const first = await issue({
      grant_type: 'password',
      username: client.email,
      password: client.password,
      userId: own.id,
    });
    await expect(
      issue({ grant_type: 'refresh_token', refresh_token: first.refresh_token, userId: uuidv7() }),
    ).rejects.toMatchObject({
      status: 400,
      code: 'invalid_request',
      message: 'A refresh keeps the user binding of the original token.',
    });

    const second = await issue({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.userId).toBe(own.id);
    expect(decodeJwt(second.access_token).uid).toBe(own.id);

    const reused = {
      status: 401,
      code: 'refresh_token_reused',
      message: 'The refresh token was already used.',
    };
    await expect(
      issue({ grant_type: 'refresh_token', refresh_token: first.refresh_token }),
    ).rejects.toMatchObject(reused);
    // The reuse revoked the whole family, the token it had been rotated into as well.
    await expect(
      issue({ grant_type: 'refresh_token', refresh_token: second.refresh_token }),
    ).rejects.toMatchObject(reused);
    await expect(
      issue({ grant_type: 'refresh_token', refresh_token: 'never-issued' }),
    ).rejects.toMatchObject(invalidGrant);
  });

  it('accepts a refresh token only through the api client it was issued to', async () => {
    const other = await call(IDENTITY_RPC.createApiClient, { name: 'Other app' }, admin);
    const token = await issue({
      grant_type: 'password',
      username: client.email,
      password: client.password,
    });
    await expect(
      issue(
        { grant_type: 'refresh_token', refresh_token: token.refresh_token },
        { id: other.id, secret: other.secret },
      ),
    ).rejects.toMatchObject(invalidGrant);
    // That refusal did not use the token up.
    await issue({ grant_type: 'refresh_token', refresh_token: token.refresh_token });
  });

  it('revokes an access token until it expires, and a refresh token with its family', async () => {
    const token = await issue({
      grant_type: 'password',
      username: client.email,
      password: client.password,
    });
    const { jti, exp } = decodeJwt(token.access_token);
    expect(
      await call(IDENTITY_RPC.revokeToken, { credentials: apiClient, token: token.access_token }),
    ).toEqual({ revoked: true });
    expect(await redisValue(AUTH_STATE_KEYS.revokedToken(String(jti)))).toBe('1');
    const ttl = await service.deps.redis?.pttl(
      `${namespace}:${AUTH_STATE_KEYS.revokedToken(String(jti))}`,
    );
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(Number(exp) * 1000 - Date.now() + 1_000);
    const rows = await service.deps.db.execute(
      sql`SELECT client_id FROM identity.revoked_tokens WHERE jti = ${String(jti)}`,
    );
    expect(rows.rows).toEqual([{ client_id: client.id }]);

    expect(
      await call(IDENTITY_RPC.revokeToken, { credentials: apiClient, token: token.refresh_token }),
    ).toEqual({ revoked: true });
    await expect(
      issue({ grant_type: 'refresh_token', refresh_token: token.refresh_token }),
    ).rejects.toMatchObject({ status: 401, code: 'refresh_token_reused' });

    // Unknown tokens get the same answer; wrong api client credentials do not.
    expect(
      await call(IDENTITY_RPC.revokeToken, { credentials: apiClient, token: 'a.b.c' }),
    ).toEqual({ revoked: true });
    await expect(
      call(IDENTITY_RPC.revokeToken, {
        credentials: { id: apiClient.id, secret: 'wrong' },
        token: token.refresh_token,
      }),
    ).rejects.toMatchObject({ status: 401, code: 'invalid_client' });
  });

  it('revokes the refresh tokens of a client whose password changes', async () => {
    const created = applied(
      await call(
        IDENTITY_RPC.createClient,
        { name: 'Rotating', email: 'rotating@clients.test', password: 'rotating-password-1' },
        admin,
      ),
    );
    const token = await issue({
      grant_type: 'password',
      username: created.email,
      password: 'rotating-password-1',
    });
    await call(
      IDENTITY_RPC.updateClient,
      { id: created.id, patch: { password: 'rotating-password-2' } },
      admin,
    );
    await expect(
      issue({ grant_type: 'refresh_token', refresh_token: token.refresh_token }),
    ).rejects.toMatchObject({ status: 401, code: 'refresh_token_reused' });
    await expect(
      issue({ grant_type: 'password', username: created.email, password: 'rotating-password-1' }),
    ).rejects.toMatchObject(invalidGrant);
    const fresh = await issue({
      grant_type: 'password',
      username: created.email,
      password: 'rotating-password-2',
    });
    expect(decodeJwt(fresh.access_token).ver).toBe(2);

    await call(IDENTITY_RPC.deleteClient, { id: created.id }, admin);
    await expect(
      issue({ grant_type: 'password', username: created.email, password: 'rotating-password-2' }),
    ).rejects.toMatchObject(invalidGrant);
  });

  it('signs issuer tokens for the issuer app only', async () => {
    const request = { issuerId: uuidv7(), tenantId: 'operator', version: 3 };
    await expect(call(IDENTITY_RPC.issueIssuerToken, request)).rejects.toMatchObject({
      status: 403,
      code: 'caller_not_allowed',
    });
    const { accessToken, expiresIn } = await issuerApp.call(
      'identity',
      IDENTITY_RPC.issueIssuerToken,
      request,
    );
    expect(expiresIn).toBe(900);
    const { payload } = await jwtVerify(accessToken, await jwks(), {
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ISSUER_TOKEN_AUDIENCE,
    });
    expect(payload).toMatchObject({ sub: request.issuerId, ten: 'operator', ver: 3 });
  });

  it('rewrites the auth state to Redis when asked (after a Redis wipe)', async () => {
    const seededKey = `${namespace}:${AUTH_STATE_KEYS.seeded}`;
    const versionKey = `${namespace}:${AUTH_STATE_KEYS.clientVersion(client.id)}`;
    await service.deps.redis?.del(seededKey, versionKey);
    expect(await call(IDENTITY_RPC.seedAuthState, {})).toEqual({ seeded: true });
    expect(await service.deps.redis?.get(versionKey)).toBe('1');
    expect(await service.deps.redis?.get(seededKey)).toEqual(expect.any(String));
  });
});

describe('enums', () => {
  const reader = tenantOf(uuidv7());
  const query = (kind: EnumQuery['kind'], list: Partial<EnumQuery['list']> = {}): EnumQuery => ({
    kind,
    filters: {},
    list: { page: 1, limit: 0, sort: { field: 'id', direction: 'asc' }, ...list },
  });
  const range = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1));

  it('lists the 40 company types in numeric order, with their local names', async () => {
    const types = await call(IDENTITY_RPC.listEnum, query('company-type'), reader);
    expect(types.total).toBe(40);
    expect(types.items.map((e) => e.id)).toEqual(range(40));
    expect(types.items[0]).toEqual({
      id: '1',
      name: 'Public limited company (S.A.)',
      localName: 'Sociedad Anónima',
    });
    const lastTwo = await call(
      IDENTITY_RPC.listEnum,
      query('company-type', { limit: 2, sort: { field: 'id', direction: 'desc' } }),
      reader,
    );
    expect(lastTwo).toEqual({
      total: 40,
      items: [expect.objectContaining({ id: '40' }), expect.objectContaining({ id: '39' })],
      next: expect.any(String),
    });
    // The cursor goes on from there, in the same order.
    const following = await call(
      IDENTITY_RPC.listEnum,
      query('company-type', {
        limit: 2,
        sort: { field: 'id', direction: 'desc' },
        after: lastTwo.next,
      }),
      reader,
    );
    expect(following.items.map((e) => e.id)).toEqual(['38', '37']);
  });

  it('lists the 4 purposes of the business relationship', async () => {
    const purposes = await call(
      IDENTITY_RPC.listEnum,
      query('purpose-business-relationship'),
      reader,
    );
    expect(purposes).toEqual({
      total: 4,
      items: [
        {
          id: '1',
          name: 'Custody and administration of crypto-assets',
          localName: 'Custodia y administración de criptoactivos',
        },
        {
          id: '2',
          name: 'Exchange of crypto-assets for funds (buy and sell)',
          localName: 'Canje de criptoactivos por fondos (compra y venta)',
        },
        {
          id: '3',
          name: 'Transfer of crypto-assets (sending and receiving payments)',
          localName: 'Transferencia de criptoactivos (envío y recepción de pagos)',
        },
        { id: '4', name: 'Other', localName: 'Otro' },
      ],
    });
  });

  it('filters by name, case-insensitively, and needs a token', async () => {
    const found = await call(
      IDENTITY_RPC.listEnum,
      { ...query('purpose-business-relationship'), filters: { name: 'TRANSFER' } },
      reader,
    );
    expect(found.items.map((e) => e.id)).toEqual(['3']);
    await expect(call(IDENTITY_RPC.listEnum, query('company-type'))).rejects.toMatchObject({
      status: 401,
    });
  });
});

describe('token signing keys', () => {
  const credentials: ApiClientCredentials = {
    id: BOOTSTRAP.apiClientId,
    secret: BOOTSTRAP.apiClientSecret,
  };
  const login = async () =>
    (
      await call(IDENTITY_RPC.issueToken, {
        credentials,
        request: {
          grant_type: 'password',
          username: BOOTSTRAP.email,
          password: BOOTSTRAP.password,
        },
      })
    ).access_token;
  const kidOf = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).kid as string;
  const keysOf = async (purpose: string) =>
    (await call(IDENTITY_RPC.jwks, {})).keys.filter((k) => k.purpose === purpose);
  // The service's development key (its config leaves IDENTITY_ENCRYPTION_KEY unset).
  const box = () =>
    new SecretBox(service.deps.config.IDENTITY_ENCRYPTION_KEY).purpose('token-signing-key');

  it('signs v1 and issuer tokens with keys of their own, each published with its purpose', async () => {
    const [access] = await keysOf('access');
    const [issuer] = await keysOf('issuer');
    expect(access?.kid).toEqual(expect.any(String));
    expect(issuer?.kid).toEqual(expect.any(String));
    expect(access?.kid).not.toBe(issuer?.kid);
    expect(kidOf(await login())).toBe(access?.kid);
    const { accessToken } = await issuerApp.call('identity', IDENTITY_RPC.issueIssuerToken, {
      issuerId: uuidv7(),
      tenantId: 'operator',
      version: 1,
    });
    expect(kidOf(accessToken)).toBe(issuer?.kid);
    // The v1 keys alone do not verify an issuer token.
    const v1Only = createLocalJWKSet({ keys: (await keysOf('access')).map((k) => k as JWK) });
    await expect(jwtVerify(accessToken, v1Only)).rejects.toThrow();
  });

  it('rotates: new tokens get the new key, the old key stays published and its tokens revocable', async () => {
    const before = await login();
    const rotated = await rotateSigningKey(service.deps.db, box(), 'access');
    expect(rotated.retired).toEqual([kidOf(before)]);
    const published = (await keysOf('access')).map((k) => k.kid);
    expect(published).toEqual(expect.arrayContaining([rotated.kid, kidOf(before)]));
    // The running service picks the new key up within SIGNING_KEY_RELOAD_MS.
    await waitFor(async () => kidOf(await login()) === rotated.kid, {
      timeoutMs: 5_000,
      what: 'tokens signed with the new key',
    });
    const old = createLocalJWKSet({ keys: (await keysOf('access')).map((k) => k as JWK) });
    await expect(
      jwtVerify(before, old, { audience: ACCESS_TOKEN_AUDIENCE }),
    ).resolves.toBeDefined();
    expect(await call(IDENTITY_RPC.revokeToken, { credentials, token: before })).toEqual({
      revoked: true,
    });
    const jti = decodeJwt(before).jti!;
    const revoked = await service.deps.db.execute(
      sql`SELECT 1 FROM identity.revoked_tokens WHERE jti = ${jti}`,
    );
    expect(revoked.rows).toHaveLength(1);
  });

  it('keeps every private key and api client secret sealed for its purpose and record', async () => {
    const keys = await service.deps.db.execute(
      sql`SELECT private_key_ciphertext AS c FROM identity.signing_keys`,
    );
    const secrets = await service.deps.db.execute(
      sql`SELECT secret_ciphertext AS c FROM identity.api_clients`,
    );
    for (const row of [...keys.rows, ...secrets.rows]) expect(String(row['c'])).toMatch(/^v2\./);
  });

  it('seals anew what the earlier format sealed with the master key alone, and it keeps working', async () => {
    const masterKey = Buffer.from(service.deps.config.IDENTITY_ENCRYPTION_KEY, 'base64');
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', masterKey, iv);
    const body = Buffer.concat([cipher.update('legacy-app-secret-value', 'utf8'), cipher.final()]);
    const legacy = ['v1', iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
    await service.deps.db.execute(
      sql`INSERT INTO identity.api_clients (id, name, description, secret_ciphertext, audience, access_token_expires_in, refresh_token_expires_in)
          VALUES ('legacy-app', 'Legacy', '', ${legacy}, 'admin', 3600, 86400)`,
    );
    const master = new SecretBox(service.deps.config.IDENTITY_ENCRYPTION_KEY);
    const boxes = {
      apiClients: master.purpose('api-client-secret'),
      signingKeys: master.purpose('token-signing-key'),
    };
    expect(await resealLegacySecrets(service.deps.db, boxes)).toBe(1);
    const stored = await service.deps.db.execute(
      sql`SELECT secret_ciphertext AS c FROM identity.api_clients WHERE id = 'legacy-app'`,
    );
    expect(String(stored.rows[0]?.['c'])).toMatch(/^v2\./);
    expect(await resealLegacySecrets(service.deps.db, boxes)).toBe(0);
    const token = await call(IDENTITY_RPC.issueToken, {
      credentials: { id: 'legacy-app', secret: 'legacy-app-secret-value' },
      request: { grant_type: 'password', username: BOOTSTRAP.email, password: BOOTSTRAP.password },
    });
    expect(token.access_token).toEqual(expect.any(String));
  });
});
