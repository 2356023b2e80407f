import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  ISSUER_RPC,
  type AuthContext,
  type IssueView,
  type RpcMethod,
  type RpcParams,
} from '@custody/contracts';
import { Broker, devProofSigner, RpcClient } from '@custody/messaging';
import { hashSecret } from '@custody/secrets';
import { type RunningService, startService } from '@custody/service-kit';
import {
  createTestDatabase,
  deleteMqNamespace,
  testLogger,
  testServiceUrls,
  uniqueName,
  type TestDatabase,
} from '@custody/testing';
import { issuerService } from './issuer.compose';
import { activities, issuers } from './schema';

// The issuer service alone, over RPC as the gateway calls it. Issuers are arranged in its schema
// directly: provisioning needs the signing service and authentication identity (both covered by
// apps/stack-e2e/src/issuer.spec.ts). These tests hold the service's own checks, which must stand
// even if a caller got past the gateway.

let database: TestDatabase;
let namespace: string;
let service: RunningService<'issuer'>;
let broker: Broker;
let gateway: RpcClient;

const tokenOf = (issuerId: string, version = 1): AuthContext => ({
  clientId: `issuer:${issuerId}`,
  tenantId: 'admin-tenant',
  audience: 'issuer',
  issuer: { id: issuerId, version },
});

async function arrangeIssuer(): Promise<string> {
  const id = uuidv7();
  await service.deps.db.insert(issuers).values({
    id,
    tenantId: 'admin-tenant',
    name: `Issuer ${id.slice(-4)}`,
    secretHash: await hashSecret('unused'),
    secretVersion: 1,
    address: '0x000000000000000000000000000000000000dEaD',
  });
  return id;
}

const call = <M extends RpcMethod<'issuer'>>(
  method: M,
  params: RpcParams<'issuer', M>,
  auth?: AuthContext,
) => gateway.call('issuer', method, params, { ...(auth ? { auth } : {}) });

beforeAll(async () => {
  const urls = testServiceUrls();
  database = await createTestDatabase();
  namespace = uniqueName('t');
  service = await startService(issuerService, {
    DATABASE_URL: database.url,
    AMQP_URL: urls.amqpUrl,
    MQ_NAMESPACE: namespace,
    PORT: '0',
    LOG_LEVEL: 'silent',
  });
  broker = new Broker({ url: urls.amqpUrl, namespace, logger: testLogger() });
  await broker.connect();
  gateway = new RpcClient({
    broker,
    caller: 'gateway',
    signer: devProofSigner('gateway'),
    defaultTimeoutMs: 10_000,
    logger: testLogger(),
  });
  await gateway.start();
});

afterAll(async () => {
  await gateway.stop();
  await broker.close();
  await service.stop();
  await deleteMqNamespace(namespace);
  await database.drop();
});

describe('the issuer service on its own', () => {
  let issuerId: string;
  let issue: IssueView;

  beforeAll(async () => {
    issuerId = await arrangeIssuer();
    issue = await call(
      ISSUER_RPC.createIssue,
      { issuerId, input: { name: 'Bond' } },
      tokenOf(issuerId),
    );
  });

  it('refuses callers without a token of this issuer and secret version', async () => {
    const params: RpcParams<'issuer', typeof ISSUER_RPC.listIssues> = {
      issuerId,
      paging: { page: 1, take: 10, sortColumn: 'createdAt', sortOrder: 'DESC' },
    };
    const v1: AuthContext = { clientId: 'c', tenantId: 'c', audience: 'admin' };
    await expect(call(ISSUER_RPC.listIssues, params)).rejects.toMatchObject({ status: 401 });
    await expect(call(ISSUER_RPC.listIssues, params, v1)).rejects.toMatchObject({ status: 401 });
    await expect(call(ISSUER_RPC.listIssues, params, tokenOf(uuidv7()))).rejects.toMatchObject({
      status: 403,
      code: 'issuer_forbidden',
    });
    await expect(call(ISSUER_RPC.listIssues, params, tokenOf(issuerId, 2))).rejects.toMatchObject({
      status: 401,
      code: 'token_revoked',
    });
    // Provisioning is for the admin audience only.
    await expect(
      call(ISSUER_RPC.createIssuer, { name: 'x' }, tokenOf(issuerId)),
    ).rejects.toMatchObject({ status: 401 });
    await expect(
      call(ISSUER_RPC.rotateSecret, { issuerId }, { ...v1, audience: 'general' }),
    ).rejects.toMatchObject({ status: 403 });
  });

  it('writes the activity and its event in one transaction', async () => {
    const created = await call(
      ISSUER_RPC.createActivity,
      {
        issuerId,
        issueId: issue.id,
        input: { type: 'MESSAGE', name: 'Hello', description: 'd', infoUrl: 'https://x.example' },
      },
      tokenOf(issuerId),
    );
    const outbox = await service.deps.db.execute(
      sql`SELECT name, tenant_id, envelope FROM issuer.outbox WHERE envelope->'data'->>'id' = ${created.id}`,
    );
    expect(outbox.rows).toEqual([
      {
        name: 'issuer-activity.is-created',
        tenant_id: 'admin-tenant',
        envelope: expect.objectContaining({
          data: expect.objectContaining({ id: created.id, clientIssuerId: issuerId }),
        }),
      },
    ]);
  });

  it('marks an activity read once, also under concurrent first reads', async () => {
    const created = await call(
      ISSUER_RPC.createActivity,
      {
        issuerId,
        issueId: issue.id,
        input: { type: 'MESSAGE', name: 'Race', description: 'd', infoUrl: 'https://x.example' },
      },
      tokenOf(issuerId),
    );
    const reads = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(
          ISSUER_RPC.getActivity,
          { issuerId, issueId: issue.id, activityId: created.id },
          tokenOf(issuerId),
        ),
      ),
    );
    expect(reads.map((r) => r.readed)).toEqual(Array(8).fill(true));
    const [row] = await service.deps.db
      .select()
      .from(activities)
      .where(eq(activities.id, created.id));
    expect(row?.readed).toBe(true);
    expect(row?.readAt).toBeInstanceOf(Date);
    expect(row?.updatedAt.toISOString()).toBe(row?.createdAt.toISOString());
  });

  it('adds an address once per issue, also under concurrent requests', async () => {
    const address = '0x000000000000000000000000000000000000bEEF';
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        call(
          ISSUER_RPC.createHolder,
          {
            issuerId,
            issueId: issue.id,
            input: { name: `Holder ${i}`, address: i % 2 ? address.toLowerCase() : address },
          },
          tokenOf(issuerId),
        ),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes.filter((o) => o.status === 'rejected')) {
      expect((o as PromiseRejectedResult).reason).toMatchObject({
        status: 409,
        code: 'holder_exists',
      });
    }
  });
});
