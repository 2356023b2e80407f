import { createCipheriv, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createLocalJWKSet, decodeJwt, type JWK, jwtVerify } from 'jose';
import { v7 as uuidv7 } from 'uuid';
import {
  RPC_ACCESS,
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  AUTH_STATE_KEYS,
  IDENTITY_RPC,
  ISSUER_TOKEN_AUDIENCE,
  WALLET_RPC,
  type ApiClientCredentials,
  type AuthContext,
  type EnumQuery,
  type ListQuery,
  type RpcMethod,
  type RpcParams,
  type RpcResult,
  type TokenRequest,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import {
  Broker,
  devProofSigner,
  type RpcCallContext,
  RpcClient,
  CallerPolicy,
  RpcServer,
} from '@custody/messaging';
import { type RunningService, startService } from '@custody/service-kit';
import {
  createTestDatabase,
  deleteMqNamespace,
  testLogger,
  testServiceUrls,
  uniqueName,
  waitFor,
  type TestDatabase,
} from '@custody/testing';
import { identityService } from './identity.compose';
import { resealLegacySecrets } from './keys/reseal';
import { rotateSigningKey } from './keys/signing-keys';
import { SecretBox } from '@custody/secrets';

// The identity service alone, over RPC as the gateway calls it, on its own database, RabbitMQ
// namespace and Redis prefix. wallet-ledger is a stand-in on the same namespace that records what
// identity asks of it. These tests hold identity's own rules, which must stand even if a caller
// got past the gateway (the HTTP side is apps/stack-e2e).

const BOOTSTRAP = {
  email: 'admin@identity.test',
  password: 'admin-password-for-tests',
  apiClientId: 'identity-spec',
  apiClientSecret: 'api-client-secret-for-tests',
};

let database: TestDatabase;
let namespace: string;
let service: RunningService<'identity'>;
let broker: Broker;
let gateway: RpcClient;
let issuerApp: RpcClient;
let walletLedger: RpcServer;

/** What the wallet-ledger stand-in was asked, and how it answers. */
const ledger = {
  calls: [] as { method: string; params: unknown; auth: AuthContext | undefined }[],
  walletCount: 0,
  refuseUserRef: false,
};

function recorded(method: string) {
  return ledger.calls.filter((c) => c.method === method);
}

const call = <M extends RpcMethod<'identity'>>(
  method: M,
  params: RpcParams<'identity', M>,
  auth?: AuthContext,
) => gateway.call('identity', method, params, { ...(auth ? { auth } : {}) });

const admin: AuthContext = { clientId: uuidv7(), tenantId: 'operator', audience: 'admin' };
const tenantOf = (tenantId: string): AuthContext => ({
  clientId: tenantId,
  tenantId,
  audience: 'general',
});
const ALL: ListQuery = { page: 1, limit: 0, sort: { field: 'createdAt', direction: 'asc' } };

beforeAll(async () => {
  const urls = testServiceUrls();
  database = await createTestDatabase();
  namespace = uniqueName('t');
  broker = new Broker({ url: urls.amqpUrl, namespace, logger: testLogger() });
  await broker.connect();
  walletLedger = new RpcServer({
    broker,
    callers: new CallerPolicy('guest=*'),
    service: 'wallet-ledger',
    access: RPC_ACCESS['wallet-ledger'],
    handlers: {
      [WALLET_RPC.countUserWallets]: async (params: unknown, ctx: RpcCallContext) => {
        ledger.calls.push({ method: WALLET_RPC.countUserWallets, params, auth: ctx.auth });
        return { count: ledger.walletCount } satisfies RpcResult<
          'wallet-ledger',
          typeof WALLET_RPC.countUserWallets
        >;
      },
      [WALLET_RPC.applyUserRef]: async (params: unknown, ctx: RpcCallContext) => {
        ledger.calls.push({ method: WALLET_RPC.applyUserRef, params, auth: ctx.auth });
        if (ledger.refuseUserRef) throw Errors.unavailable('Stand-in is down.', 'ledger_down');
        return { applied: true } satisfies RpcResult<
          'wallet-ledger',
          typeof WALLET_RPC.applyUserRef
        >;
      },
    },
    prefetch: 8,
    logger: testLogger(),
  });
  await walletLedger.start();
  service = await startService(identityService, {
    DATABASE_URL: database.url,
    AMQP_URL: urls.amqpUrl,
    MQ_NAMESPACE: namespace,
    REDIS_URL: urls.redisUrl,
    REDIS_KEY_PREFIX: namespace,
    PORT: '0',
    LOG_LEVEL: 'silent',
    BOOTSTRAP_ADMIN_EMAIL: BOOTSTRAP.email,
    BOOTSTRAP_ADMIN_PASSWORD: BOOTSTRAP.password,
    BOOTSTRAP_API_CLIENT_ID: BOOTSTRAP.apiClientId,
    BOOTSTRAP_API_CLIENT_SECRET: BOOTSTRAP.apiClientSecret,
    SIGNING_KEY_RELOAD_MS: '200',
  });
  gateway = new RpcClient({
    broker,
    caller: 'gateway',
    signer: devProofSigner('gateway'),
    defaultTimeoutMs: 10_000,
    logger: testLogger(),
  });
  issuerApp = new RpcClient({
    broker,
    caller: 'issuer',
    signer: devProofSigner('issuer'),
    defaultTimeoutMs: 10_000,
    logger: testLogger(),
  });
  await gateway.start();
  await issuerApp.start();
});

afterEach(() => {
  ledger.calls = [];
  ledger.walletCount = 0;
  ledger.refuseUserRef = false;
});

afterAll(async () => {
  const redis = service?.deps.redis;
  if (redis) {
    const keys = await redis.keys(`${namespace}:*`);
    if (keys.length > 0) await redis.del(...keys);
  }
  await gateway?.stop();
  await issuerApp?.stop();
  await walletLedger?.stop(1_000);
  await broker?.close();
  await service?.stop();
  await deleteMqNamespace(namespace);
  await database?.drop();
});

let personCount = 0;
/** An individual person's KYC record, unique per call unless fields are given. */
function person(fields: Record<string, unknown> = {}) {
  personCount += 1;
  return {
    generalConditions: '2024-01-15',
    idNumber: `ID-${personCount}`,
    name: 'Ana',
    surname: 'García',
    email: `ana${personCount}@example.com`,
    externalReference: `ref-${personCount}`,
    ...fields,
  };
}

const redisValue = (key: string) => service.deps.redis?.get(`${namespace}:${key}`);

describe('users', () => {
  const tenantA = tenantOf(`tenant-a-${uuidv7()}`);
  const tenantB = tenantOf(`tenant-b-${uuidv7()}`);

  it('creates, reads, updates and deletes an individual person within its tenant', async () => {
    const kyc = person({ idNumber: '12345678Z', email: 'Lucia@Example.com', name: 'Lucía' });
    const { id } = await call(IDENTITY_RPC.createIndividual, kyc, tenantA);

    const created = await call(IDENTITY_RPC.getUser, { id }, tenantA);
    expect(created).toEqual({
      id,
      createdAt: expect.any(String),
      updatedAt: created.createdAt,
      generalConditions: '2024-01-15',
      idNumber: '12345678Z',
      email: 'Lucia@Example.com',
      individualPerson: {
        idNumber: '12345678Z',
        name: 'Lucía',
        surname: 'García',
        email: 'Lucia@Example.com',
      },
      blocked: false,
      externalReference: kyc.externalReference,
    });

    await call(
      IDENTITY_RPC.updateIndividual,
      { id, patch: { middleName: 'María', email: 'lucia@example.org' } },
      tenantA,
    );
    const updated = await call(IDENTITY_RPC.getUser, { id }, tenantA);
    expect(updated.email).toBe('lucia@example.org');
    expect(updated.individualPerson).toEqual({
      idNumber: '12345678Z',
      name: 'Lucía',
      surname: 'García',
      middleName: 'María',
      email: 'lucia@example.org',
    });

    await expect(
      call(IDENTITY_RPC.updateLegal, { id, patch: { legalName: 'X' } }, tenantA),
    ).rejects.toMatchObject({
      status: 400,
      code: 'person_type_mismatch',
      message: 'This user is a individual person.',
    });

    expect(
      await call(IDENTITY_RPC.deleteUser, { id, device: 'test', ip: '10.0.0.1' }, tenantA),
    ).toEqual({ id });
    expect(recorded(WALLET_RPC.countUserWallets)).toEqual([
      { method: WALLET_RPC.countUserWallets, params: { userId: id }, auth: tenantA },
    ]);
    await expect(call(IDENTITY_RPC.getUser, { id }, tenantA)).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
      message: 'The user was not found.',
    });
    await expect(
      call(IDENTITY_RPC.deleteUser, { id, device: 'test', ip: '10.0.0.1' }, tenantA),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('writes the user events to its outbox with the tenant', async () => {
    const { id } = await call(IDENTITY_RPC.createIndividual, person(), tenantA);
    await call(IDENTITY_RPC.updateIndividual, { id, patch: { name: 'Eva' } }, tenantA);
    await call(IDENTITY_RPC.deleteUser, { id, device: 'd', ip: '10.0.0.2' }, tenantA);
    const outbox = await service.deps.db.execute(
      sql`SELECT name, tenant_id FROM identity.outbox WHERE envelope->'data'->>'id' = ${id} ORDER BY seq`,
    );
    expect(outbox.rows).toEqual([
      { name: 'user.is-created', tenant_id: tenantA.tenantId },
      { name: 'user.is-updated', tenant_id: tenantA.tenantId },
      { name: 'user.is-deleted', tenant_id: tenantA.tenantId },
    ]);
  });

  it('creates a legal person and shows it as one', async () => {
    const { id } = await call(
      IDENTITY_RPC.createLegal,
      {
        generalConditions: '2024-02-01',
        legalName: 'Acme S.L.',
        idNumber: 'B12345678',
        device: 'web',
        ip: '10.0.0.3',
      },
      tenantA,
    );
    expect(await call(IDENTITY_RPC.getUser, { id }, tenantA)).toEqual({
      id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      generalConditions: '2024-02-01',
      idNumber: 'B12345678',
      legalPerson: {
        generalConditions: '2024-02-01',
        device: 'web',
        ip: '10.0.0.3',
        idNumber: 'B12345678',
        legalName: 'Acme S.L.',
      },
      blocked: false,
    });
    await expect(
      call(IDENTITY_RPC.updateIndividual, { id, patch: { name: 'X' } }, tenantA),
    ).rejects.toMatchObject({ status: 400, code: 'person_type_mismatch' });
  });

  it('answers 404 to another tenant for every operation on a user, and 401 without a token', async () => {
    const { id } = await call(IDENTITY_RPC.createIndividual, person(), tenantA);
    const notFound = { status: 404, code: 'not_found' };
    await expect(call(IDENTITY_RPC.getUser, { id }, tenantB)).rejects.toMatchObject(notFound);
    // The reference is for services, with a forwarded context only: never the gateway's.
    await expect(call(IDENTITY_RPC.getUserRef, { id }, tenantA)).rejects.toMatchObject({
      status: 403,
      code: 'caller_not_allowed',
    });
    await expect(
      call(IDENTITY_RPC.updateIndividual, { id, patch: { status: 'blocked' } }, tenantB),
    ).rejects.toMatchObject(notFound);
    await expect(
      call(IDENTITY_RPC.deleteUser, { id, device: 'd', ip: '10.0.0.4' }, tenantB),
    ).rejects.toMatchObject(notFound);
    // Nothing reached wallet-ledger for a user the caller cannot see.
    expect(ledger.calls).toEqual([]);
    await expect(call(IDENTITY_RPC.getUser, { id })).rejects.toMatchObject({
      status: 401,
      code: 'unauthorized',
    });
    // The owner still sees it unchanged; so does the admin.
    expect((await call(IDENTITY_RPC.getUser, { id }, tenantA)).blocked).toBe(false);
    expect(await call(IDENTITY_RPC.getUser, { id }, admin)).toMatchObject({ id });
  });

  it("lists users: an admin's across tenants, a client's of its own tenant, with filters", async () => {
    const a = await call(
      IDENTITY_RPC.createIndividual,
      person({ email: 'Lister@A.test' }),
      tenantA,
    );
    const b = await call(IDENTITY_RPC.createIndividual, person({ idNumber: 'LIST-B' }), tenantB);
    const everyone = await call(IDENTITY_RPC.listUsers, { list: ALL, filters: {} }, admin);
    expect(everyone.items.map((u) => u.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(everyone.total).toBe(everyone.items.length);
    expect(
      await call(IDENTITY_RPC.listUsers, { list: ALL, filters: { email: 'lister@a.test' } }, admin),
    ).toMatchObject({ total: 1, items: [{ id: a.id }] });
    expect(
      await call(IDENTITY_RPC.listUsers, { list: ALL, filters: { idNumber: 'LIST-B' } }, admin),
    ).toMatchObject({ total: 1, items: [{ id: b.id }] });
    const own = await call(IDENTITY_RPC.listUsers, { list: ALL, filters: {} }, tenantA);
    expect(own.items.map((u) => u.id)).toContain(a.id);
    expect(own.items.map((u) => u.id)).not.toContain(b.id);
    expect(
      await call(IDENTITY_RPC.listUsers, { list: ALL, filters: { idNumber: 'LIST-B' } }, tenantA),
    ).toMatchObject({ total: 0, items: [] });
    await expect(
      call(IDENTITY_RPC.listUsers, { list: ALL, filters: {} }, { ...tenantA, userId: a.id }),
    ).rejects.toMatchObject({ status: 403, code: 'user_token_forbidden' });
  });

  it('limits a user-bound token to its user, and never lets it create users', async () => {
    const own = await call(IDENTITY_RPC.createIndividual, person(), tenantA);
    const other = await call(IDENTITY_RPC.createIndividual, person(), tenantA);
    const bound: AuthContext = { ...tenantA, userId: own.id };
    const forbidden = {
      status: 403,
      code: 'user_forbidden',
      message: 'This token is limited to another user.',
    };

    expect((await call(IDENTITY_RPC.getUser, { id: own.id }, bound)).id).toBe(own.id);
    await call(IDENTITY_RPC.updateIndividual, { id: own.id, patch: { name: 'Self' } }, bound);
    await expect(call(IDENTITY_RPC.getUser, { id: other.id }, bound)).rejects.toMatchObject(
      forbidden,
    );
    await expect(
      call(IDENTITY_RPC.updateIndividual, { id: other.id, patch: { name: 'X' } }, bound),
    ).rejects.toMatchObject(forbidden);
    await expect(
      call(IDENTITY_RPC.deleteUser, { id: other.id, device: 'd', ip: '10.0.0.5' }, bound),
    ).rejects.toMatchObject(forbidden);
    await expect(call(IDENTITY_RPC.createIndividual, person(), bound)).rejects.toMatchObject({
      status: 403,
      code: 'user_forbidden',
      message: 'A user-bound token cannot create users.',
    });
    await expect(call(IDENTITY_RPC.createLegal, person(), bound)).rejects.toMatchObject({
      status: 403,
      code: 'user_forbidden',
    });
  });

  it('refuses a second user with the idNumber or email of a live one in the tenant (409)', async () => {
    const first = person({ idNumber: 'DUP-1', email: 'dup@example.com' });
    const { id } = await call(IDENTITY_RPC.createIndividual, first, tenantA);
    const conflict = {
      status: 409,
      code: 'user_exists',
      message: 'The tenant already has a user with this idNumber or email.',
    };
    await expect(
      call(IDENTITY_RPC.createIndividual, person({ idNumber: 'DUP-1' }), tenantA),
    ).rejects.toMatchObject(conflict);
    // Emails compare case-insensitively.
    await expect(
      call(IDENTITY_RPC.createIndividual, person({ email: 'DUP@example.com' }), tenantA),
    ).rejects.toMatchObject(conflict);
    const second = await call(IDENTITY_RPC.createIndividual, person(), tenantA);
    await expect(
      call(IDENTITY_RPC.updateIndividual, { id: second.id, patch: { idNumber: 'DUP-1' } }, tenantA),
    ).rejects.toMatchObject(conflict);
    // Another tenant may hold the same person; a deleted user frees its idNumber and email.
    await call(IDENTITY_RPC.createIndividual, person({ idNumber: 'DUP-1' }), tenantB);
    await call(IDENTITY_RPC.deleteUser, { id, device: 'd', ip: '10.0.0.6' }, tenantA);
    await call(IDENTITY_RPC.createIndividual, first, tenantA);
  });

  it('refuses to delete a user while wallet-ledger counts wallets of theirs', async () => {
    const { id } = await call(IDENTITY_RPC.createIndividual, person(), tenantA);
    ledger.walletCount = 2;
    await expect(
      call(IDENTITY_RPC.deleteUser, { id, device: 'd', ip: '10.0.0.7' }, tenantA),
    ).rejects.toMatchObject({
      status: 403,
      code: 'user_has_wallets',
      message: 'The user still has wallets; delete them first.',
    });
    expect((await call(IDENTITY_RPC.getUser, { id }, tenantA)).id).toBe(id);
    ledger.walletCount = 0;
    await call(IDENTITY_RPC.deleteUser, { id, device: 'd', ip: '10.0.0.7' }, tenantA);
    expect(recorded(WALLET_RPC.countUserWallets).map((c) => c.params)).toEqual([
      { userId: id },
      { userId: id },
    ]);
  });

  it('sends a block to wallet-ledger with the caller auth; an unblock does not call', async () => {
    const { id } = await call(IDENTITY_RPC.createIndividual, person(), tenantA);
    await call(IDENTITY_RPC.updateIndividual, { id, patch: { status: 'blocked' } }, tenantA);
    const blocked = await call(IDENTITY_RPC.getUser, { id }, tenantA);
    expect(blocked.blocked).toBe(true);
    // The status is a flag, not part of the KYC record.
    expect(
      await service.deps.db.execute(
        sql`SELECT kyc ? 'status' AS has FROM identity.users WHERE id = ${id}`,
      ),
    ).toMatchObject({ rows: [{ has: false }] });
    expect(recorded(WALLET_RPC.applyUserRef)).toEqual([
      {
        method: WALLET_RPC.applyUserRef,
        params: { user: blocked, tenantId: tenantA.tenantId },
        // In identity's own name, not the caller's.
        auth: undefined,
      },
    ]);

    // Already blocked: nothing new to send.
    await call(IDENTITY_RPC.updateIndividual, { id, patch: { status: 'blocked' } }, tenantA);
    await call(IDENTITY_RPC.updateIndividual, { id, patch: { status: 'active' } }, tenantA);
    expect((await call(IDENTITY_RPC.getUser, { id }, tenantA)).blocked).toBe(false);
    expect(recorded(WALLET_RPC.applyUserRef)).toHaveLength(1);
  });

  it('rolls a block back when wallet-ledger cannot take it', async () => {
    const { id } = await call(IDENTITY_RPC.createIndividual, person(), tenantA);
    ledger.refuseUserRef = true;
    await expect(
      call(IDENTITY_RPC.updateIndividual, { id, patch: { status: 'blocked' } }, tenantA),
    ).rejects.toMatchObject({ status: 503, code: 'ledger_down' });
    expect((await call(IDENTITY_RPC.getUser, { id }, tenantA)).blocked).toBe(false);
    expect(recorded(WALLET_RPC.applyUserRef)).toHaveLength(1);
  });
});

describe('clients', () => {
  const general = tenantOf(uuidv7());
  const adminOnly = { status: 403, code: 'forbidden' };

  it('lets the admin create, list, read, update and delete clients', async () => {
    const created = await call(
      IDENTITY_RPC.createClient,
      { name: 'Bank One', email: 'ops@bank-one.test', password: 'bank-one-password' },
      admin,
    );
    expect(created).toEqual({
      id: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: created.createdAt,
      name: 'Bank One',
      email: 'ops@bank-one.test',
      audience: ['general'],
      tenantId: created.id,
    });
    expect(await redisValue(AUTH_STATE_KEYS.clientVersion(created.id))).toBe('1');

    const listed = await call(IDENTITY_RPC.listClients, { list: ALL }, admin);
    expect(listed.items.map((c) => c.email)).toEqual(
      expect.arrayContaining([BOOTSTRAP.email, 'ops@bank-one.test']),
    );
    expect(await call(IDENTITY_RPC.getClient, { id: created.id }, admin)).toEqual(created);

    // A rename keeps the tokens; a new audience invalidates them (the version goes up).
    const renamed = await call(
      IDENTITY_RPC.updateClient,
      { id: created.id, patch: { name: 'Bank One S.A.' } },
      admin,
    );
    expect(renamed.name).toBe('Bank One S.A.');
    expect(await redisValue(AUTH_STATE_KEYS.clientVersion(created.id))).toBe('1');
    await call(
      IDENTITY_RPC.updateClient,
      { id: created.id, patch: { audience: ['general', 'admin'] } },
      admin,
    );
    expect(await redisValue(AUTH_STATE_KEYS.clientVersion(created.id))).toBe('2');

    expect(await call(IDENTITY_RPC.deleteClient, { id: created.id }, admin)).toEqual({
      id: created.id,
    });
    expect(await redisValue(AUTH_STATE_KEYS.clientVersion(created.id))).toBe('deleted');
    await expect(call(IDENTITY_RPC.getClient, { id: created.id }, admin)).rejects.toMatchObject({
      status: 404,
      message: 'The client was not found.',
    });
    await expect(call(IDENTITY_RPC.deleteClient, { id: created.id }, admin)).rejects.toMatchObject({
      status: 404,
    });
  });

  it('refuses a second client with the same email (409)', async () => {
    const input = { name: 'Twin', email: 'twin@clients.test', password: 'twin-password-1' };
    await call(IDENTITY_RPC.createClient, input, admin);
    await expect(
      call(IDENTITY_RPC.createClient, { ...input, email: 'TWIN@clients.test' }, admin),
    ).rejects.toMatchObject({
      status: 409,
      code: 'conflict',
      message: 'A client with this email already exists.',
    });
  });

  it('answers 403 to a general caller, who may read only itself (404 for others)', async () => {
    const input = { name: 'X', email: 'x@clients.test', password: 'x-password-123' };
    await expect(call(IDENTITY_RPC.createClient, input, general)).rejects.toMatchObject(adminOnly);
    await expect(call(IDENTITY_RPC.listClients, { list: ALL }, general)).rejects.toMatchObject(
      adminOnly,
    );
    const self = await call(
      IDENTITY_RPC.createClient,
      { name: 'Self', email: 'self@clients.test', password: 'self-password-1' },
      admin,
    );
    const asSelf = tenantOf(self.id);
    expect(await call(IDENTITY_RPC.getClient, { id: self.id }, asSelf)).toEqual(self);
    // Another client exists (the bootstrap admin), yet reads as missing rather than forbidden.
    const [other] = (await call(IDENTITY_RPC.listClients, { list: ALL }, admin)).items.filter(
      (c) => c.email === BOOTSTRAP.email,
    );
    expect(other).toBeDefined();
    await expect(
      call(IDENTITY_RPC.getClient, { id: other?.id ?? '' }, asSelf),
    ).rejects.toMatchObject({ status: 404, message: 'The client was not found.' });
    await expect(
      call(IDENTITY_RPC.updateClient, { id: self.id, patch: { name: 'Mine' } }, asSelf),
    ).rejects.toMatchObject(adminOnly);
    await expect(call(IDENTITY_RPC.deleteClient, { id: self.id }, asSelf)).rejects.toMatchObject(
      adminOnly,
    );
  });
});

describe('api clients', () => {
  const general = tenantOf(uuidv7());
  const adminOnly = { status: 403, code: 'forbidden' };

  it('lets the admin create, list, read, update and delete api clients', async () => {
    const created = await call(
      IDENTITY_RPC.createApiClient,
      { id: 'mobile-app', name: 'Mobile', secret: 'mobile-secret-0001' },
      admin,
    );
    expect(created).toEqual({
      id: 'mobile-app',
      createdAt: expect.any(String),
      updatedAt: created.createdAt,
      name: 'Mobile',
      description: '',
      secret: 'mobile-secret-0001',
      audience: 'general',
      accessTokenExpiresIn: 3_600,
      refreshTokenExpiresIn: 2_592_000,
    });
    const generated = await call(IDENTITY_RPC.createApiClient, { name: 'Generated' }, admin);
    expect(generated.id).toMatch(/^app_[A-Za-z0-9_-]{16}$/);
    expect(generated.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const listed = await call(IDENTITY_RPC.listApiClients, { list: ALL }, admin);
    expect(listed.items.map((a) => a.id)).toEqual(
      expect.arrayContaining([BOOTSTRAP.apiClientId, 'mobile-app', generated.id]),
    );
    expect(await call(IDENTITY_RPC.getApiClient, { id: 'mobile-app' }, admin)).toEqual(created);

    const updated = await call(
      IDENTITY_RPC.updateApiClient,
      { id: 'mobile-app', patch: { secret: 'mobile-secret-0002', accessTokenExpiresIn: 60 } },
      admin,
    );
    expect(updated).toMatchObject({ secret: 'mobile-secret-0002', accessTokenExpiresIn: 60 });
    // The secret is stored sealed, never in the clear.
    const stored = await service.deps.db.execute(
      sql`SELECT secret_ciphertext FROM identity.api_clients WHERE id = 'mobile-app'`,
    );
    expect(JSON.stringify(stored.rows)).not.toContain('mobile-secret-0002');

    expect(await call(IDENTITY_RPC.deleteApiClient, { id: 'mobile-app' }, admin)).toEqual({
      id: 'mobile-app',
    });
    await expect(
      call(IDENTITY_RPC.getApiClient, { id: 'mobile-app' }, admin),
    ).rejects.toMatchObject({ status: 404, message: 'The api client was not found.' });
  });

  it('refuses an id already taken (409)', async () => {
    await expect(
      call(IDENTITY_RPC.createApiClient, { id: BOOTSTRAP.apiClientId, name: 'Again' }, admin),
    ).rejects.toMatchObject({
      status: 409,
      code: 'conflict',
      message: 'An api client with this id already exists.',
    });
  });

  it('answers 403 to a general caller for every api client operation', async () => {
    const id = BOOTSTRAP.apiClientId;
    await expect(
      call(IDENTITY_RPC.createApiClient, { name: 'Mine' }, general),
    ).rejects.toMatchObject(adminOnly);
    await expect(call(IDENTITY_RPC.listApiClients, { list: ALL }, general)).rejects.toMatchObject(
      adminOnly,
    );
    await expect(call(IDENTITY_RPC.getApiClient, { id }, general)).rejects.toMatchObject(adminOnly);
    await expect(
      call(IDENTITY_RPC.updateApiClient, { id, patch: { name: 'Mine' } }, general),
    ).rejects.toMatchObject(adminOnly);
    await expect(call(IDENTITY_RPC.deleteApiClient, { id }, general)).rejects.toMatchObject(
      adminOnly,
    );
  });
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
    const created = await call(
      IDENTITY_RPC.createClient,
      { name: 'Token client', email: 'tokens@clients.test', password, scopes: [['users', 'read']] },
      admin,
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
    const created = await call(
      IDENTITY_RPC.createClient,
      { name: 'Rotating', email: 'rotating@clients.test', password: 'rotating-password-1' },
      admin,
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
