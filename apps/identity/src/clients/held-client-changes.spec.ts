import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { type ApprovalView, AUTH_STATE_KEYS, EVENTS, IDENTITY_RPC } from '@custody/contracts';
import { withTransaction } from '@custody/persistence';
import { ApprovalOutcomesSweep } from '@custody/service-kit';
import { decidedApproval, testLogger } from '@custody/testing';
import { AuthState } from '../auth-state/auth-state';
import { heldClientChanges } from '../schema';
import { admin, applied, createIdentityHarness, type IdentityHarness } from '../test-harness';
import {
  clientChangeOutcome,
  heldClientChanges as held,
  SettleClientChange,
} from './settle-client-change';

// Held changes of clients whose `approval.is-decided` was lost (docs/decisions/sweeps.md),
// through identity's RPC against a real PostgreSQL and Redis, the policy service a stand-in over
// real RPC: the sweep reads the outcome from the stand-in and applies it once; the late event
// changes nothing.

let h: IdentityHarness;

beforeAll(async () => {
  h = await createIdentityHarness();
});

afterAll(async () => {
  await h?.close();
});

/** An approval's outcome as the policy service answers it (what its event carries). */
const decided = (id: string, operationId: string, status: ApprovalView['status']) =>
  decidedApproval({
    id,
    operationId,
    status,
    activity: 'member-change',
    initiator: admin.clientId,
  });

/** A member's creation the policy stand-in holds for `approvalId`: the held change's row. */
async function heldCreation(tenantId: string, email: string, approvalId: string) {
  h.ledger.holdChangeApprovalId = approvalId;
  const created = await h.call(
    IDENTITY_RPC.createClient,
    { name: 'Held member', email, password: 'held-member-password', tenantId },
    admin,
  );
  expect(created).toEqual({ id: expect.any(String), approvalId });
  return changeOf(approvalId);
}

async function changeOf(approvalId: string) {
  const [row] = await h.service.deps.db
    .select()
    .from(heldClientChanges)
    .where(eq(heldClientChanges.approvalId, approvalId));
  if (!row) throw new Error(`no change held for approval ${approvalId}`);
  return row;
}

/** The `client.is-created` events written for the client. */
async function createdEvents(clientId: string): Promise<number> {
  const { rows } = await h.service.deps.db.execute(
    sql`SELECT 1 FROM identity.outbox WHERE name = ${EVENTS.clientCreated} AND envelope->'data'->>'id' = ${clientId}`,
  );
  return rows.length;
}

describe('a held change of a client', () => {
  it('its outcome lost on the way, is applied once by the sweep of waiting approvals', async () => {
    const redis = h.service.deps.redis;
    if (!redis) throw new Error('identity runs with Redis');
    const settle = new SettleClientChange(
      new AuthState(redis, h.service.deps.config.REDIS_KEY_PREFIX),
      testLogger(),
    );
    const sweep = new ApprovalOutcomesSweep({
      db: h.service.deps.db,
      rpc: h.service.deps.rpc,
      logger: testLogger(),
      held: held(settle),
    });
    const tenant = applied(
      await h.call(
        IDENTITY_RPC.createClient,
        { name: 'Swept', email: 'swept@members.test', password: 'swept-tenant-password' },
        admin,
      ),
    );
    const approved = uuidv7();
    const change = await heldCreation(tenant.id, 'swept-member@members.test', approved);
    const undecided = uuidv7();
    const other = await heldCreation(tenant.id, 'waiting-member@members.test', undecided);
    // Not decided yet: the sweep applies nothing.
    expect(await sweep.sweep()).toBe(0);
    expect(await changeOf(approved)).toMatchObject({ status: 'pending' });
    // Decided, its approval.is-decided never came: the sweep reads it and creates the member once.
    h.ledger.outcomes.set(approved, decided(approved, change.id, 'approved'));
    expect(await sweep.sweep()).toBe(1);
    expect(await changeOf(approved)).toMatchObject({ status: 'applied', passwordHash: null });
    expect(await h.call(IDENTITY_RPC.getClient, { id: change.clientId }, admin)).toMatchObject({
      id: change.clientId,
      email: 'swept-member@members.test',
      tenantId: tenant.id,
    });
    expect(await h.redisValue(AUTH_STATE_KEYS.clientVersion(change.clientId))).toBe('1');
    expect(await createdEvents(change.clientId)).toBe(1);
    // No longer waiting: the next sweep asks nothing of it, and the late event (its handler's
    // own function) changes nothing.
    expect(await sweep.sweep()).toBe(0);
    const late = clientChangeOutcome(settle);
    await withTransaction(h.service.deps.db, (tx) =>
      late(tx, decided(approved, change.id, 'approved')),
    );
    expect(await changeOf(approved)).toMatchObject({ status: 'applied' });
    expect(await createdEvents(change.clientId)).toBe(1);
    expect(await changeOf(undecided)).toMatchObject({ status: 'pending', id: other.id });
    await expect(
      h.call(IDENTITY_RPC.getClient, { id: other.clientId }, admin),
    ).rejects.toMatchObject({ status: 404 });
    h.resetLedger();
  });
});
