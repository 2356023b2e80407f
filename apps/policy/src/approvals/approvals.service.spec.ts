import { v7 as uuidv7 } from 'uuid';
import type {
  AuthContext,
  GovernedLeg,
  GovernedOperation,
  ListQuery,
  PolicyDecision,
  PolicyInput,
  PolicyRule,
} from '@custody/contracts';
import { adminOf, clientOf, createPolicyHarness, type PolicyHarness } from '../test-harness';

// Decisions on operations and their approvals, against a real PostgreSQL: what the policies
// decide (exact decimals at the thresholds), the approvals' lifecycle (quorum, who may decide,
// once, expiry, release), the velocity windows, and the events each step writes to the outbox
// in its own transaction.

let h: PolicyHarness;

const page: ListQuery = { page: 1, limit: 100, sort: { field: 'createdAt', direction: 'asc' } };

function withdrawal(
  tenantId: string,
  amount: string,
  leg: Partial<GovernedLeg> = {},
): GovernedOperation {
  return {
    activity: 'withdrawal',
    operationId: uuidv7(),
    tenantId,
    legs: [{ userId: 'u1', walletId: 'w1', assetId: 'eth', amount, destination: '0xdest', ...leg }],
  };
}

function transfer(tenantId: string, ...amounts: string[]): GovernedOperation {
  return {
    activity: 'transfer',
    operationId: uuidv7(),
    tenantId,
    legs: amounts.map((amount, i) => ({
      userId: `u${i}`,
      walletId: `w${i}`,
      assetId: 'eth',
      amount,
      destination: 'w-receiver',
    })),
  };
}

/** A policy of the tenant (created by its client 4, who then never starts an operation). */
async function policy(tenantId: string, fields: Partial<PolicyInput> & { rule: PolicyRule }) {
  const input: PolicyInput = {
    name: `${fields.rule.kind} of ${tenantId}`,
    activity: 'withdrawal',
    action: 'require_approval',
    approvers: { quorum: 1 },
    ...fields,
  };
  const { id } = await h.policies.create(clientOf(tenantId, 4), input);
  return id;
}

async function evaluate(caller: AuthContext, ...ops: GovernedOperation[]) {
  return h.evaluation.evaluate(caller, ops);
}

/** The approval a decision created (it must be a hold). */
function approvalOf(decision: PolicyDecision | undefined): string {
  if (decision?.decision !== 'require_approval') throw new Error(`not held: ${decision?.decision}`);
  return decision.approvalId;
}

async function usage(tenantId: string) {
  const { rows } = await h.pool.query<{ operation_id: string; amount: string; released: boolean }>(
    `SELECT operation_id, amount::text, released FROM policy.velocity_usage
      WHERE tenant_id = $1 ORDER BY created_at, operation_id, leg`,
    [tenantId],
  );
  return rows.map((r) => ({ op: r.operation_id, amount: r.amount, released: r.released }));
}

async function approvalsOfOps(ops: GovernedOperation[]): Promise<number> {
  const { rows } = await h.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM policy.approvals WHERE operation_id = ANY($1::uuid[])',
    [ops.map((op) => op.operationId)],
  );
  return rows[0]!.n;
}

/** Makes the outbox refuse the events matching `condition` (SQL on NEW); answers the undo. */
async function refuseEventsWhere(condition: string): Promise<() => Promise<void>> {
  await h.pool.query(`
    CREATE OR REPLACE FUNCTION policy.test_refuse_event() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'test: the outbox refuses this event'; END $$;
    CREATE TRIGGER test_refuse_event BEFORE INSERT ON policy.outbox
      FOR EACH ROW WHEN (${condition}) EXECUTE FUNCTION policy.test_refuse_event();`);
  return async () => {
    await h.pool.query('DROP TRIGGER test_refuse_event ON policy.outbox');
  };
}

/** Every message along an error's causes (drizzle wraps PostgreSQL's). */
function messages(error: unknown): string {
  const parts: string[] = [];
  for (let e = error; e instanceof Error; e = e.cause) parts.push(e.message);
  return parts.join(' / ');
}

beforeAll(async () => {
  h = await createPolicyHarness();
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('evaluation', () => {
  it('allows what no policy governs: no approval, no event, no count', async () => {
    const before = await Promise.all([
      h.count('approvals'),
      h.count('outbox'),
      h.count('velocity_usage'),
    ]);
    expect(await evaluate(clientOf('ea', 1), withdrawal('ea', '1000000'))).toEqual([
      { decision: 'allow' },
    ]);
    expect(
      await Promise.all([h.count('approvals'), h.count('outbox'), h.count('velocity_usage')]),
    ).toEqual(before);
  });

  it("blocks above a block policy's exact amount, holds nothing, and applies no other tenant's policy", async () => {
    const blocking = await policy('eb', {
      action: 'block',
      approvers: undefined,
      rule: { kind: 'amount_above', assetId: 'eth', amount: '10' },
    });
    const above = withdrawal('eb', '10.000000000000000001');
    expect(await evaluate(clientOf('eb', 1), above, withdrawal('eb', '10'))).toEqual([
      { decision: 'block', policyIds: [blocking] },
      { decision: 'allow' },
    ]);
    expect(await approvalsOfOps([above])).toBe(0);
    expect(await evaluate(clientOf('ec', 1), withdrawal('ec', '10.000000000000000001'))).toEqual([
      { decision: 'allow' },
    ]);
    // An admin's batch across tenants: each operation under its own tenant's policies.
    expect(await evaluate(adminOf(1), withdrawal('ec', '11'), withdrawal('eb', '11'))).toEqual([
      { decision: 'allow' },
      { decision: 'block', policyIds: [blocking] },
    ]);
  });

  it.each<[string, GovernedOperation[]]>([
    ['no operation', []],
    ['an operation without legs', [{ ...withdrawal('ea', '1'), legs: [] }]],
    ['an operation id that is no UUID', [{ ...withdrawal('ea', '1'), operationId: 'op-1' }]],
  ])('refuses a batch of %s with 400 invalid_operations', async (_what, ops) => {
    await expect(h.evaluation.evaluate(clientOf('ea', 1), ops)).rejects.toMatchObject({
      status: 400,
      code: 'invalid_operations',
    });
  });

  it('holds above an exact threshold, legs of the asset summed, with a pending approval and its event', async () => {
    const holding = await policy('ed', {
      activity: 'any',
      rule: { kind: 'amount_above', assetId: 'eth', amount: '1.5' },
      approvers: { quorum: 2, clientIds: ['ed-c2', 'ed-c3'] },
    });
    const c1 = clientOf('ed', 1);
    const held = transfer('ed', '0.75', '0.750000000000000001');
    const decisions = await evaluate(
      c1,
      withdrawal('ed', '1.5'),
      withdrawal('ed', '1.500000000000000001'),
      transfer('ed', '0.75', '0.75'),
      held,
      withdrawal('ed', '1000', { assetId: 'usdc' }),
    );
    expect(decisions).toEqual([
      { decision: 'allow' },
      { decision: 'require_approval', policyIds: [holding], approvalId: expect.any(String) },
      { decision: 'allow' },
      { decision: 'require_approval', policyIds: [holding], approvalId: expect.any(String) },
      { decision: 'allow' },
    ]);

    const approvalId = approvalOf(decisions[3]);
    const approval = await h.approvals.get(c1, approvalId);
    expect(approval).toEqual({
      id: approvalId,
      createdAt: expect.any(String),
      updatedAt: approval.createdAt,
      status: 'pending',
      activity: 'transfer',
      operationId: held.operationId,
      initiator: { clientId: 'ed-c1' },
      policyIds: [holding],
      quorum: 2,
      requirements: [
        { policyId: holding, quorum: 2, approverIds: ['ed-c2', 'ed-c3'], platform: false },
      ],
      decisions: [],
      expiresAt: expect.any(String),
      summary: {
        userId: 'u0',
        walletId: 'w0',
        assetId: 'eth',
        amount: '1.500000000000000001',
        fiatAmount: null,
        destination: 'w-receiver',
        legs: held.legs,
      },
    });
    // Pending for the TTL (an hour here), from its creation.
    const ttl = Date.parse(approval.expiresAt) - Date.parse(approval.createdAt);
    expect(ttl).toBeGreaterThan(3_600_000 - 1_000);
    expect(ttl).toBeLessThan(3_600_000 + 1_000);
    expect(await h.eventsOf(approvalId)).toEqual([
      { name: 'approval.is-pending', tenantId: 'ed', data: approval },
    ]);
  });

  it("values legs at trading's fresh rate exactly; a stale or missing rate holds (fail closed)", async () => {
    h.prices.set('eth', { fiatPrice: 2500.5, stale: false });
    h.prices.set('stale-coin', { fiatPrice: 1, stale: true });
    await policy('ef', { rule: { kind: 'fiat_amount_above', amount: '1000.2' } });
    const c1 = clientOf('ef', 1);
    const decisions = await evaluate(
      c1,
      withdrawal('ef', '0.4'),
      withdrawal('ef', '0.400000000000000001'),
      withdrawal('ef', '0.000001', { assetId: 'stale-coin' }),
      withdrawal('ef', '0.000001', { assetId: 'no-rate-coin' }),
    );
    expect(decisions.map((d) => d.decision)).toEqual([
      'allow',
      'require_approval',
      'require_approval',
      'require_approval',
    ]);
    const fiat = async (d: PolicyDecision | undefined) =>
      (await h.approvals.get(c1, approvalOf(d))).summary.fiatAmount;
    expect(await fiat(decisions[1])).toBe('1000.2000000000000025005');
    expect(await fiat(decisions[2])).toBeNull();
    expect(await fiat(decisions[3])).toBeNull();
  });

  it("holds a withdrawal whose destination is not verified on its wallet's whitelist", async () => {
    h.whitelisted.add('w1 0xverified');
    await policy('eg', { rule: { kind: 'destination_not_whitelisted' } });
    const decisions = await evaluate(
      clientOf('eg', 1),
      withdrawal('eg', '1', { destination: '0xverified' }),
      withdrawal('eg', '1', { destination: '0xverified', walletId: 'w2' }),
      withdrawal('eg', '1', { destination: '0xunknown' }),
    );
    expect(decisions.map((d) => d.decision)).toEqual([
      'allow',
      'require_approval',
      'require_approval',
    ]);
  });
});

describe('velocity windows', () => {
  const c1 = clientOf('ev', 1);

  it('count what runs up to the exact limit, refuse one wei more, and free what is released', async () => {
    const limit = await policy('ev', {
      action: 'block',
      approvers: undefined,
      rule: { kind: 'velocity', window: '24h', per: 'wallet', assetId: 'eth', maxAmount: '1' },
    });
    const first = withdrawal('ev', '0.6');
    const second = withdrawal('ev', '0.4');
    expect(await evaluate(c1, first)).toEqual([{ decision: 'allow' }]);
    expect(await evaluate(c1, second)).toEqual([{ decision: 'allow' }]);
    const over = withdrawal('ev', '0.000000000000000001');
    expect(await evaluate(c1, over)).toEqual([{ decision: 'block', policyIds: [limit] }]);
    // What is blocked does not count.
    expect(await usage('ev')).toEqual([
      { op: first.operationId, amount: '0.6', released: false },
      { op: second.operationId, amount: '0.4', released: false },
    ]);

    expect(await h.approvals.release([first.operationId])).toEqual({ released: 1 });
    expect(await h.approvals.release([first.operationId])).toEqual({ released: 0 });
    expect(await evaluate(c1, withdrawal('ev', '0.6'))).toEqual([{ decision: 'allow' }]);
  });

  it('let no batch pass a limit together: each operation sees the ones before it', async () => {
    const limit = await policy('ew', {
      action: 'block',
      approvers: undefined,
      rule: { kind: 'velocity', window: '1h', per: 'user', maxCount: 2 },
    });
    const ops = [1, 2, 3].map(() => withdrawal('ew', '0.1'));
    expect(await evaluate(clientOf('ew', 1), ...ops)).toEqual([
      { decision: 'allow' },
      { decision: 'allow' },
      { decision: 'block', policyIds: [limit] },
    ]);
    expect((await usage('ew')).map((u) => u.op).sort()).toEqual(
      [ops[0]!.operationId, ops[1]!.operationId].sort(),
    );
  });
});

describe('decisions', () => {
  it('need the quorum of named approvers; the initiator, others, a second vote and late ones are refused', async () => {
    await policy('da', {
      rule: { kind: 'always' },
      approvers: { quorum: 2, clientIds: ['da-c2', 'da-c3'] },
    });
    const [decision] = await evaluate(clientOf('da', 1), withdrawal('da', '1'));
    const id = approvalOf(decision);

    await expect(
      h.approvals.decide(clientOf('da', 1), id, { decision: 'approve' }),
    ).rejects.toMatchObject({ status: 403, code: 'self_approval_forbidden' });
    await expect(
      h.approvals.decide(clientOf('da', 4), id, { decision: 'approve' }),
    ).rejects.toMatchObject({ status: 403, code: 'approver_forbidden' });
    await expect(
      h.approvals.decide(clientOf('db', 2), id, { decision: 'approve' }),
    ).rejects.toMatchObject({ status: 404, code: 'not_found' });
    await expect(h.approvals.get(clientOf('db', 2), id)).rejects.toMatchObject({ status: 404 });

    await h.approvals.decide(clientOf('da', 2), id, { decision: 'approve' });
    expect((await h.approvals.get(clientOf('da', 1), id)).status).toBe('pending');
    expect((await h.eventsOf(id)).map((e) => e.name)).toEqual(['approval.is-pending']);
    await expect(
      h.approvals.decide(clientOf('da', 2), id, { decision: 'approve' }),
    ).rejects.toMatchObject({ status: 409, code: 'already_decided' });

    await h.approvals.decide(clientOf('da', 3), id, { decision: 'approve', reason: 'checked' });
    const approved = await h.approvals.get(clientOf('da', 1), id);
    expect(approved.status).toBe('approved');
    expect(approved.decisions).toEqual([
      { clientId: 'da-c2', decision: 'approve', reason: null, createdAt: expect.any(String) },
      { clientId: 'da-c3', decision: 'approve', reason: 'checked', createdAt: expect.any(String) },
    ]);
    const events = await h.eventsOf(id);
    expect(events.map((e) => e.name)).toEqual(['approval.is-pending', 'approval.is-decided']);
    expect(events[1]).toEqual({ name: 'approval.is-decided', tenantId: 'da', data: approved });

    await expect(
      h.approvals.decide(clientOf('da', 4), id, { decision: 'reject' }),
    ).rejects.toMatchObject({ status: 409, code: 'approval_finished' });
    const listed = await h.approvals.list(clientOf('da', 1), page, { status: 'approved' });
    expect(listed.items.map((a) => a.id)).toEqual([id]);
    expect((await h.approvals.list(clientOf('db', 1), page, {})).items).toEqual([]);
  });

  it("end at the first rejection, which frees the operation's velocity count", async () => {
    await policy('dr', {
      rule: { kind: 'velocity', window: '24h', per: 'wallet', assetId: 'eth', maxAmount: '1' },
    });
    const c1 = clientOf('dr', 1);
    const first = withdrawal('dr', '0.6');
    const second = withdrawal('dr', '0.6');
    expect(await evaluate(c1, first)).toEqual([{ decision: 'allow' }]);
    const id = approvalOf((await evaluate(c1, second))[0]);
    // A held operation counts while it waits.
    expect((await usage('dr')).map((u) => u.released)).toEqual([false, false]);

    await h.approvals.decide(clientOf('dr', 2), id, { decision: 'reject', reason: 'too much' });
    const rejected = await h.approvals.get(c1, id);
    expect(rejected.status).toBe('rejected');
    expect(await usage('dr')).toEqual([
      { op: first.operationId, amount: '0.6', released: false },
      { op: second.operationId, amount: '0.6', released: true },
    ]);
    expect((await h.eventsOf(id)).at(-1)).toEqual({
      name: 'approval.is-decided',
      tenantId: 'dr',
      data: rejected,
    });
    // 0.6 + 0.4 is the limit, not over it: the rejected 0.6 no longer counts.
    expect(await evaluate(c1, withdrawal('dr', '0.4'))).toEqual([{ decision: 'allow' }]);
  });

  it('need every requirement: a client whose requirements have their quorum is not needed', async () => {
    const anyone = await policy('dm', { rule: { kind: 'always' } });
    const named = await policy('dm', {
      name: 'named',
      rule: { kind: 'always' },
      approvers: { quorum: 1, clientIds: ['dm-c3'] },
    });
    const id = approvalOf((await evaluate(clientOf('dm', 1), withdrawal('dm', '1')))[0]);
    const pending = await h.approvals.get(clientOf('dm', 1), id);
    expect([...pending.policyIds].sort()).toEqual([anyone, named].sort());

    await h.approvals.decide(clientOf('dm', 2), id, { decision: 'approve' });
    await expect(
      h.approvals.decide(clientOf('dm', 4), id, { decision: 'approve' }),
    ).rejects.toMatchObject({ status: 409, code: 'approval_not_needed' });
    expect((await h.approvals.get(clientOf('dm', 1), id)).status).toBe('pending');
    await h.approvals.decide(clientOf('dm', 3), id, { decision: 'approve' });
    expect((await h.approvals.get(clientOf('dm', 1), id)).status).toBe('approved');
  });

  it("leave a platform policy's requirement to the admins", async () => {
    const { id: platform } = await h.policies.create(adminOf(1), {
      name: 'platform hold',
      activity: 'withdrawal',
      rule: { kind: 'always' },
      action: 'require_approval',
      approvers: { quorum: 1 },
      filters: { assetIds: ['plat-coin'] },
    });
    const id = approvalOf(
      (await evaluate(clientOf('dp', 1), withdrawal('dp', '1', { assetId: 'plat-coin' })))[0],
    );
    expect((await h.approvals.get(clientOf('dp', 1), id)).requirements).toEqual([
      { policyId: platform, quorum: 1, approverIds: null, platform: true },
    ]);
    await expect(
      h.approvals.decide(clientOf('dp', 2), id, { decision: 'approve' }),
    ).rejects.toMatchObject({ status: 403, code: 'approver_forbidden' });
    await h.approvals.decide(adminOf(1), id, { decision: 'approve' });
    expect((await h.eventsOf(id)).at(-1)).toMatchObject({
      name: 'approval.is-decided',
      tenantId: 'dp',
      data: { status: 'approved', decisions: [{ clientId: 'admin-1', decision: 'approve' }] },
    });
  });

  it('end `cancelled` when the operation is released, with the event, and take no decision after', async () => {
    await policy('dc', { rule: { kind: 'always' } });
    const op = withdrawal('dc', '1');
    const id = approvalOf((await evaluate(clientOf('dc', 1), op))[0]);
    expect(await h.approvals.release([op.operationId, 'not-a-uuid'])).toEqual({ released: 0 });
    expect((await h.approvals.get(clientOf('dc', 1), id)).status).toBe('cancelled');
    expect((await h.eventsOf(id)).map((e) => [e.name, e.data['status']])).toEqual([
      ['approval.is-pending', 'pending'],
      ['approval.is-decided', 'cancelled'],
    ]);
    await expect(
      h.approvals.decide(clientOf('dc', 2), id, { decision: 'approve' }),
    ).rejects.toMatchObject({ status: 409, code: 'approval_finished' });
  });

  it('expire past their time: refused to deciders, then swept with the event and the count freed', async () => {
    await policy('dx', {
      rule: { kind: 'velocity', window: '24h', per: 'wallet', assetId: 'eth', maxAmount: '1' },
    });
    const expiring = h.approvalsWith(0);
    const op = withdrawal('dx', '2');
    const id = approvalOf((await h.evaluationWith(expiring).evaluate(clientOf('dx', 1), [op]))[0]);
    await expect(
      h.approvals.decide(clientOf('dx', 2), id, { decision: 'approve' }),
    ).rejects.toMatchObject({ status: 409, code: 'approval_finished' });

    expect(await expiring.expireDue()).toBe(1);
    expect(await expiring.expireDue()).toBe(0);
    expect((await h.approvals.get(clientOf('dx', 1), id)).status).toBe('expired');
    expect(await usage('dx')).toEqual([{ op: op.operationId, amount: '2', released: true }]);
    expect((await h.eventsOf(id)).map((e) => [e.name, e.data['status']])).toEqual([
      ['approval.is-pending', 'pending'],
      ['approval.is-decided', 'expired'],
    ]);
  });
});

describe('the outbox, in the same transaction', () => {
  it.each<[string, string, PolicyRule]>([
    ['a plain hold', 'ot', { kind: 'amount_above', assetId: 'eth', amount: '10' }],
    [
      'a counted hold',
      'ou',
      { kind: 'velocity', window: '24h', per: 'wallet', assetId: 'eth', maxAmount: '10' },
    ],
  ])(
    'keeps no approval nor count of a batch whose event cannot be written (%s)',
    async (_what, tenant, rule) => {
      await policy(tenant, { rule });
      const ops = [withdrawal(tenant, '12'), withdrawal(tenant, '13')];
      const outboxBefore = await h.count('outbox');
      // The second operation's event fails, after the first's approval and event were written.
      const undo = await refuseEventsWhere(
        `NEW.tenant_id = '${tenant}' AND NEW.envelope->'data'->'summary'->>'amount' = '13'`,
      );
      try {
        const error = await evaluate(clientOf(tenant, 1), ...ops).catch((e: unknown) => e);
        expect(messages(error)).toContain('the outbox refuses this event');
      } finally {
        await undo();
      }
      expect(await approvalsOfOps(ops)).toBe(0);
      expect(await usage(tenant)).toEqual([]);
      expect(await h.count('outbox')).toBe(outboxBefore);

      // Asked again, both are held, each with its approval and event.
      const decisions = await evaluate(clientOf(tenant, 1), ...ops);
      expect(decisions.map((d) => d.decision)).toEqual(['require_approval', 'require_approval']);
      expect(await h.count('outbox')).toBe(outboxBefore + 2);
    },
  );

  it('records no decision whose outcome event cannot be written', async () => {
    await policy('od', { rule: { kind: 'always' } });
    const id = approvalOf((await evaluate(clientOf('od', 1), withdrawal('od', '1')))[0]);
    const undo = await refuseEventsWhere(
      `NEW.tenant_id = 'od' AND NEW.name = 'approval.is-decided'`,
    );
    try {
      const error = await h.approvals
        .decide(clientOf('od', 2), id, { decision: 'approve' })
        .catch((e: unknown) => e);
      expect(messages(error)).toContain('the outbox refuses this event');
    } finally {
      await undo();
    }
    const still = await h.approvals.get(clientOf('od', 1), id);
    expect(still).toMatchObject({ status: 'pending', decisions: [] });
    expect((await h.eventsOf(id)).map((e) => e.name)).toEqual(['approval.is-pending']);

    // The same client decides again: its first decision left nothing behind.
    await h.approvals.decide(clientOf('od', 2), id, { decision: 'approve' });
    expect((await h.eventsOf(id)).map((e) => [e.name, e.data['status']])).toEqual([
      ['approval.is-pending', 'pending'],
      ['approval.is-decided', 'approved'],
    ]);
  });
});
