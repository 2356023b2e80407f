import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  type ApprovalView,
  type AuthContext,
  EVENTS,
  ISSUER_RPC,
  POLICY_RPC,
  RPC_ACCESS,
  type ServiceName,
  SIGNING_RPC,
  TRADING_RPC,
  type TypedDataInput,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import {
  Broker,
  CallerPolicy,
  devProofSigner,
  methodHandler,
  RpcClient,
  type RpcHandler,
  RpcServer,
} from '@custody/messaging';
import { withTransaction } from '@custody/persistence';
import { hashSecret } from '@custody/secrets';
import { ApprovalOutcomesSweep, type RunningService, startService } from '@custody/service-kit';
import {
  createTestDatabase,
  decidedApproval,
  deleteMqNamespace,
  testLogger,
  testServiceUrls,
  uniqueName,
  type TestDatabase,
  waitFor,
} from '@custody/testing';
import { issuerService } from '../issuer.compose';
import { activities, issuers } from '../schema';
import { claimApprovedActivity, finishClaimed, retryActivityLater } from './activities.repository';
import { SignApprovedActivities } from './sign-approved-activities';
import {
  activityApprovalHandlers,
  heldActivities,
  SettleActivityApproval,
} from './settle-activity-approval';

// REQUEST activities held for approval whose `approval.is-decided` was lost
// (docs/decisions/sweeps.md): the issuer service on a real PostgreSQL, with the policy service,
// signing and trading as stand-ins over real RPC. The sweep reads the outcome from the policy
// stand-in and applies it once; the late event changes nothing. And what the issuer asks the
// policy service to release of a REQUEST not recorded after all: a held one's, never one whose
// decision may have come signed (docs/decisions/signing-decisions.md, "Releases").

let database: TestDatabase;
let namespace: string;
let service: RunningService<'issuer'>;
let broker: Broker;
let gateway: RpcClient;
const standIns: RpcServer[] = [];

/** The approval the policy stand-in holds each REQUEST for, and the outcomes it answers. */
let holdWith = '';
const outcomes = new Map<string, ApprovalView>();
/** The activities the signing stand-in signed. */
const signed: string[] = [];
/** How the policy stand-in answers an evaluation: held (`holdWith`), allowed signed, or lost. */
let evaluation: 'hold' | 'allow' | 'lost' = 'hold';
/** The operations the policy stand-in was asked about, and those it was asked to release. */
const asked: string[] = [];
const released: string[] = [];
/** Whether the signing stand-in refuses what it is asked to sign. */
let signingRefuses = false;
/** Whether the signing stand-in fails as a service down does (503). */
let signingDown = false;
/** When set, each authorize waits until the test answers it: its caller paused mid-signing. */
let holdAuthorize = false;
type Waiting = { release: () => void; refuse: (error: Error) => void };
const waitingAuthorize: Waiting[] = [];

const typedData: TypedDataInput = {
  domain: { name: 'Mailer', version: '1', chainId: 1 },
  types: {
    Mail: [{ name: 'contents', type: 'string' }],
  },
  value: { primaryType: 'Mail', contents: 'Hello' },
};

const tokenOf = (issuerId: string): AuthContext => ({
  clientId: `issuer:${issuerId}`,
  tenantId: 'admin-tenant',
  audience: 'issuer',
  issuer: { id: issuerId, version: 1 },
});

async function standIn(service: ServiceName, handlers: [string, RpcHandler][]): Promise<void> {
  const server = new RpcServer({
    broker,
    callers: new CallerPolicy('guest=*'),
    service,
    handlers: Object.fromEntries(handlers),
    access: RPC_ACCESS[service],
    prefetch: 8,
    logger: testLogger(),
  });
  await server.start();
  standIns.push(server);
}

/** An approval's outcome as the policy service answers it (what its event carries). */
const decided = (id: string, operationId: string, status: ApprovalView['status']) =>
  decidedApproval({ id, operationId, status, activity: 'issuer-activity', initiator: 'issuer' });

beforeAll(async () => {
  const urls = testServiceUrls();
  database = await createTestDatabase();
  namespace = uniqueName('t');
  broker = new Broker({ url: urls.amqpUrl, namespace, logger: testLogger() });
  await broker.connect();
  await standIn('policy', [
    methodHandler('policy', POLICY_RPC.evaluate, async ({ operations }) => {
      asked.push(...operations.map((op) => op.operationId));
      if (evaluation === 'lost')
        throw Errors.unavailable('The policy stand-in lost its answer.', 'service_unavailable');
      return {
        decisions: operations.map((op) =>
          evaluation === 'allow'
            ? { decision: 'allow' as const, signed: `decision-for-${op.operationId}` }
            : { decision: 'require_approval' as const, policyIds: ['p'], approvalId: holdWith },
        ),
      };
    }),
    methodHandler('policy', POLICY_RPC.release, async ({ operationIds }) => {
      released.push(...operationIds);
      return { released: operationIds.length };
    }),
    methodHandler('policy', POLICY_RPC.authorize, async ({ operationId }) => {
      if (holdAuthorize)
        await new Promise<void>((release, refuse) => waitingAuthorize.push({ release, refuse }));
      return { decision: `decision-for-${operationId}` };
    }),
    methodHandler('policy', POLICY_RPC.approvalOutcomes, async ({ ids }) => ({
      approvals: ids.flatMap((id) => outcomes.get(id) ?? []),
    })),
  ]);
  await standIn('signing', [
    methodHandler('signing', SIGNING_RPC.signEvmTypedData, async ({ decision }) => {
      if (signingRefuses) throw Errors.forbidden('The stand-in signs nothing.', 'decision_refused');
      if (signingDown) throw Errors.unavailable('The stand-in is down.', 'service_unavailable');
      signed.push(decision.replace('decision-for-', ''));
      return { signature: '0xsigned', address: '0x000000000000000000000000000000000000dEaD' };
    }),
  ]);
  await standIn('trading', [methodHandler('trading', TRADING_RPC.assetCatalog, async () => [])]);
  service = await startService(issuerService, {
    DATABASE_URL: database.url,
    AMQP_URL: urls.amqpUrl,
    MQ_NAMESPACE: namespace,
    PORT: '0',
    LOG_LEVEL: 'silent',
    // The service's own sweep (at start, then hourly) stays out of the way of the one here.
    APPROVAL_OUTCOMES_SWEEP_INTERVAL_MS: '3600000',
  });
  gateway = new RpcClient({
    broker,
    caller: 'gateway',
    signer: devProofSigner('gateway'),
    defaultTimeoutMs: 10_000,
    logger: testLogger(),
  });
  await gateway.start();
}, 60_000);

afterAll(async () => {
  await gateway?.stop();
  for (const server of standIns) await server.stop(1_000);
  await broker?.close();
  await service?.stop();
  await deleteMqNamespace(namespace);
  await database?.drop();
});

async function arrangeIssue(): Promise<{ issuerId: string; issueId: string }> {
  const issuerId = uuidv7();
  await service.deps.db.insert(issuers).values({
    id: issuerId,
    tenantId: 'admin-tenant',
    name: `Issuer ${issuerId.slice(-4)}`,
    secretHash: await hashSecret('unused'),
    secretVersion: 1,
    address: '0x000000000000000000000000000000000000dEaD',
  });
  const issue = await gateway.call(
    'issuer',
    ISSUER_RPC.createIssue,
    { issuerId, input: { name: 'Bond' } },
    { auth: tokenOf(issuerId) },
  );
  return { issuerId, issueId: issue.id };
}

/** A REQUEST the policy stand-in holds for `approvalId`. */
async function heldRequest(
  path: { issuerId: string; issueId: string },
  approvalId: string,
): Promise<string> {
  holdWith = approvalId;
  const created = await gateway.call(
    'issuer',
    ISSUER_RPC.createActivity,
    {
      ...path,
      input: {
        type: 'REQUEST',
        name: `Request ${approvalId.slice(-4)}`,
        dataStructured: typedData,
      },
    },
    { auth: tokenOf(path.issuerId) },
  );
  expect(created).toMatchObject({ status: 'PENDING_APPROVAL', approvalId });
  return created.id;
}

async function activity(id: string) {
  const [row] = await service.deps.db.select().from(activities).where(eq(activities.id, id));
  return row;
}

/** The `issuer-activity.is-created` events written for the activity. */
async function announced(id: string): Promise<number> {
  const { rows } = await service.deps.db.execute(
    sql`SELECT 1 FROM issuer.outbox WHERE envelope->'data'->>'id' = ${id}`,
  );
  return rows.length;
}

describe('a REQUEST activity held for approval', () => {
  it('its outcome lost on the way, is signed once by the sweep of waiting approvals', async () => {
    const held = new SettleActivityApproval();
    const sweep = new ApprovalOutcomesSweep({
      db: service.deps.db,
      rpc: service.deps.rpc,
      logger: testLogger(),
      held: heldActivities(held),
    });
    const path = await arrangeIssue();
    const approved = uuidv7();
    const id = await heldRequest(path, approved);
    const undecided = uuidv7();
    const waiting = await heldRequest(path, undecided);
    // Not decided yet: the sweep applies nothing.
    expect(await sweep.sweep()).toBe(0);
    expect(await activity(id)).toMatchObject({ status: 'PENDING_APPROVAL', signedTypedData: null });
    // Decided, its approval.is-decided never came: the sweep reads it, and it is signed once,
    // after the sweep's transaction (the service's own run of approved activities).
    outcomes.set(approved, decided(approved, id, 'approved'));
    expect(await sweep.sweep()).toBe(1);
    await waitFor(async () => (await activity(id))?.status === 'APPROVED', {
      what: 'the approved activity signed',
    });
    expect(await activity(id)).toMatchObject({
      status: 'APPROVED',
      approvalId: approved,
      signedTypedData: '0xsigned',
    });
    expect(signed.filter((s) => s === id)).toHaveLength(1);
    expect(await announced(id)).toBe(1);
    // No longer waiting: the next sweep asks nothing of it, and the late event changes nothing.
    expect(await sweep.sweep()).toBe(0);
    const onEvent = activityApprovalHandlers(held)[EVENTS.approvalDecided];
    if (!onEvent) throw new Error('issuer handles no approval.is-decided');
    const late = {
      id: uuidv7(),
      name: EVENTS.approvalDecided,
      occurredAt: '2026-01-01T00:00:00.000Z',
      tenantId: 'admin-tenant',
      data: decided(approved, id, 'approved'),
    };
    await withTransaction(service.deps.db, (tx) => onEvent(late, tx));
    expect(signed.filter((s) => s === id)).toHaveLength(1);
    expect(await announced(id)).toBe(1);
    expect(await activity(id)).toMatchObject({ status: 'APPROVED', signedTypedData: '0xsigned' });
    expect(await activity(waiting)).toMatchObject({ status: 'PENDING_APPROVAL' });
  });
});

describe('a REQUEST activity approved', () => {
  afterEach(() => {
    signingDown = false;
    signingRefuses = false;
  });

  /** Held, then approved by the event as policy would send it. */
  async function approvedRequest(): Promise<string> {
    const path = await arrangeIssue();
    const approvalId = uuidv7();
    const id = await heldRequest(path, approvalId);
    const onEvent = activityApprovalHandlers(new SettleActivityApproval())[EVENTS.approvalDecided];
    if (!onEvent) throw new Error('issuer handles no approval.is-decided');
    await withTransaction(service.deps.db, (tx) =>
      onEvent(
        {
          id: uuidv7(),
          name: EVENTS.approvalDecided,
          occurredAt: '2026-01-01T00:00:00.000Z',
          tenantId: 'admin-tenant',
          data: decided(approvalId, id, 'approved'),
        },
        tx,
      ),
    );
    return id;
  }

  /** Until the activity is claimed (or put off) past now. */
  async function claimedAhead(id: string, what: string): Promise<void> {
    await waitFor(
      async () =>
        (
          await service.deps.db.execute(
            sql`SELECT claimed_until > now() AS later FROM issuer.activities WHERE id = ${id}`,
          )
        ).rows[0]?.['later'] === true,
      { what },
    );
  }

  it('is not signed in the event: the event is taken while signing is down, and it is signed once signing answers', async () => {
    signingDown = true;
    const id = await approvedRequest();
    // The event's transaction committed without asking the signer; it waits, unsigned.
    expect(await activity(id)).toMatchObject({ status: 'PENDING_APPROVAL', signedTypedData: null });
    await claimedAhead(id, 'a signing attempt failed and put off');
    expect(signed.filter((s) => s === id)).toHaveLength(0);
    signingDown = false;
    await waitFor(async () => (await activity(id))?.status === 'APPROVED', {
      timeoutMs: 15_000,
      what: 'the activity signed once signing answers',
    });
    expect(signed.filter((s) => s === id)).toHaveLength(1);
    expect(await announced(id)).toBe(1);
  });

  it('ends FAILED with the code when its signature is refused, announced never', async () => {
    signingRefuses = true;
    const id = await approvedRequest();
    await waitFor(async () => (await activity(id))?.status === 'FAILED', {
      what: 'the refused activity failed',
    });
    expect(await activity(id)).toMatchObject({
      failureReason: 'decision_refused',
      signedTypedData: null,
    });
    expect(await announced(id)).toBe(0);
  });

  it('is signed by the replica that claimed it last: a paused one’s refusal, met after, ends nothing', async () => {
    holdAuthorize = true;
    const replica = () =>
      new SignApprovedActivities(service.deps.db, service.deps.rpc, {
        claimMs: 60_000,
        logger: testLogger(),
      });
    /** Its claim lapsed, a replica claims it and asks for the decision: paused there. */
    const claimedAgain = async (id: string): Promise<{ run: Promise<number>; asked: Waiting }> => {
      await service.deps.db.execute(
        sql`UPDATE issuer.activities SET claimed_until = now() - interval '1 second' WHERE id = ${id}`,
      );
      const run = replica().run();
      await waitFor(async () => waitingAuthorize.length === 1, {
        what: 'a replica asking for the decision',
      });
      return { run, asked: waitingAuthorize.shift()! };
    };
    let first: Waiting | undefined;
    try {
      const id = await approvedRequest();
      // The service's own replica claims it first, and waits on the policy service.
      await waitFor(async () => waitingAuthorize.length === 1, {
        what: 'the service’s replica asking for the decision',
      });
      first = waitingAuthorize.shift();
      const paused = await claimedAgain(id);
      const latest = await claimedAgain(id);
      // The paused replica's answer comes now, a refusal (the decision used meanwhile): it ends
      // nothing, and the REQUEST still waits for the latest claim's signature.
      paused.asked.refuse(Errors.forbidden('The decision was used.', 'decision_used'));
      await paused.run;
      expect(await activity(id)).toMatchObject({ status: 'PENDING_APPROVAL', failureReason: null });
      latest.asked.release();
      await latest.run;
      expect(await activity(id)).toMatchObject({ status: 'APPROVED', failureReason: null });
      expect(await announced(id)).toBe(1);
    } finally {
      holdAuthorize = false;
      first?.release();
      for (const waiting of waitingAuthorize.splice(0)) waiting.release();
    }
  });

  it('is recorded by its latest claim alone: a replica paused past its claim records nothing', async () => {
    signingDown = true;
    const id = await approvedRequest();
    await claimedAhead(id, 'the service’s own attempt put off');
    // Two claims, the first lapsed before the second: in one transaction each, so the service's
    // replica (skipping locked rows) cannot take it in between.
    const claimLapsed = () =>
      withTransaction(service.deps.db, async (tx) => {
        await tx.execute(
          sql`UPDATE issuer.activities SET claimed_until = now() - interval '1 second' WHERE id = ${id}`,
        );
        return (await claimApprovedActivity(tx, 60_000))!;
      });
    const paused = await claimLapsed();
    const next = await claimLapsed();
    expect([paused.id, next.id]).toEqual([id, id]);
    expect(next.claimToken).not.toBe(paused.claimToken);
    // The paused replica's refusal and its fault change nothing.
    const refusal = { status: 'FAILED', failureReason: 'decision_used' } as const;
    expect(await finishClaimed(service.deps.db, paused, refusal)).toBeUndefined();
    await retryActivityLater(service.deps.db, paused, 0);
    expect(await activity(id)).toMatchObject({ status: 'PENDING_APPROVAL', failureReason: null });
    expect(await claimApprovedActivity(service.deps.db, 60_000)).toBeUndefined();
    // The latest claim records it.
    const approved = { status: 'APPROVED', signedTypedData: '0xsigned' } as const;
    expect(await finishClaimed(service.deps.db, next, approved)).toMatchObject({
      status: 'APPROVED',
    });
  });
});

describe('a REQUEST activity not recorded after all', () => {
  afterEach(async () => {
    evaluation = 'hold';
    signingRefuses = false;
    await service.deps.db.execute(sql`DROP TRIGGER IF EXISTS test_refuse ON issuer.activities`);
  });

  /** A REQUEST created as the gateway asks it; its operation's id (the last one asked). */
  async function request(path: { issuerId: string; issueId: string }) {
    const attempt = gateway.call(
      'issuer',
      ISSUER_RPC.createActivity,
      { ...path, input: { type: 'REQUEST', name: 'Request', dataStructured: typedData } },
      { auth: tokenOf(path.issuerId) },
    );
    const outcome = await attempt.then(
      () => undefined,
      (error: unknown) => error,
    );
    return { outcome, id: asked[asked.length - 1] };
  }

  it('allowed at once, its signing refused, is not released: its decision came signed', async () => {
    evaluation = 'allow';
    signingRefuses = true;
    const { outcome, id } = await request(await arrangeIssue());
    expect(outcome).toMatchObject({ status: 403, code: 'decision_refused' });
    expect(id).toBeDefined();
    expect(released).not.toContain(id);
  });

  it('its evaluation lost, is not released: the answer may have carried a signed decision', async () => {
    evaluation = 'lost';
    const { outcome, id } = await request(await arrangeIssue());
    expect(outcome).toMatchObject({ status: 503 });
    expect(id).toBeDefined();
    expect(released).not.toContain(id);
  });

  it('held, its record refused, is released: nothing was decided for it', async () => {
    const path = await arrangeIssue();
    holdWith = uuidv7();
    await service.deps.db.execute(sql`
      CREATE OR REPLACE FUNCTION issuer.test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'test: the activity is not recorded'; END $$;
      CREATE TRIGGER test_refuse BEFORE INSERT ON issuer.activities
        FOR EACH ROW EXECUTE FUNCTION issuer.test_refuse();`);
    const { outcome, id } = await request(path);
    expect(outcome).toBeDefined();
    expect(released).toContain(id);
  });
});
