import { v7 as uuidv7 } from 'uuid';
import type {
  AuthContext,
  GovernedLeg,
  GovernedOperation,
  PolicyDecision,
  PolicyRule,
} from '@custody/contracts';
import {
  adminOf,
  approvalOf,
  callOf,
  clientOf,
  createPolicyHarness,
  messages,
  type PolicyHarness,
  withdrawal,
} from '../test-harness';

// What the policies decide on operations, against a real PostgreSQL: exact decimals at the
// thresholds, the approvals held (ApprovalsService.hold) and read, the velocity windows, and the
// events each hold writes to the outbox in the evaluation's transaction.

let h: PolicyHarness;

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

async function evaluate(caller: AuthContext, ...ops: GovernedOperation[]) {
  return h.evaluation.evaluate(caller, ops);
}

async function approvalsOfOps(ops: GovernedOperation[]): Promise<number> {
  const { rows } = await h.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM policy.approvals WHERE operation_id = ANY($1::uuid[])',
    [ops.map((op) => op.operationId)],
  );
  return rows[0]!.n;
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
    const blocking = await h.policy('eb', {
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
    const holding = await h.policy('ed', {
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
        {
          policyId: holding,
          quorum: 2,
          approverIds: ['ed-c2', 'ed-c3'],
          platform: false,
          signed: false,
        },
      ],
      decisions: [],
      expiresAt: expect.any(String),
      // What an approver would sign: the legs that move (no policy asks for signatures here).
      signing: {
        required: false,
        statement: {
          v: 1,
          approvalId,
          tenantId: 'ed',
          activity: 'transfer',
          operation: {
            kind: 'movement',
            legs: held.legs.map((leg) => ({
              walletId: leg.walletId,
              assetId: leg.assetId,
              amount: leg.amount,
              destination: leg.destination,
            })),
          },
          decision: 'approve',
          policyVersion: expect.stringMatching(/^[0-9a-f]{64}$/),
        },
      },
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
    // The event is the approval without what an approver signs (reads only).
    const { signing: _signing, ...event } = approval;
    expect(await h.eventsOf(approvalId)).toEqual([
      { name: 'approval.is-pending', tenantId: 'ed', data: event },
    ]);
  });

  it("values legs at trading's fresh rate exactly; a stale or missing rate holds (fail closed)", async () => {
    h.prices.set('eth', { fiatPrice: 2500.5, stale: false });
    h.prices.set('stale-coin', { fiatPrice: 1, stale: true });
    await h.policy('ef', { rule: { kind: 'fiat_amount_above', amount: '1000.2' } });
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
    await h.policy('eg', { rule: { kind: 'destination_not_whitelisted' } });
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

describe('token authorizations', () => {
  const SPENDER = '0x00000000000000000000000000000000000bbeef';

  /** Typed data that lets SPENDER take `amount` of USDC from w1 (a permit). */
  function permit(tenantId: string, amount: string, leg: Partial<GovernedLeg> = {}) {
    const op: GovernedOperation = {
      activity: 'sign-typed-data',
      operationId: uuidv7(),
      tenantId,
      legs: [
        {
          userId: 'u1',
          walletId: 'w1',
          assetId: 'usdc',
          amount,
          destination: SPENDER,
          tokenAuthorization: { token: '0xusdc', bounded: true },
          ...leg,
        },
      ],
    };
    return op;
  }

  it('are refused where no policy allows them: nothing held, counted or announced', async () => {
    await h.policy('ta', { activity: 'sign-typed-data', rule: { kind: 'always' } });
    await h.policy('ta', {
      activity: 'sign-typed-data',
      rule: { kind: 'velocity', window: '1h', per: 'wallet', maxCount: 100 },
      action: 'block',
      approvers: undefined,
    });
    const before = await Promise.all([h.count('approvals'), h.count('outbox')]);
    expect(await evaluate(clientOf('ta', 1), permit('ta', '5'))).toEqual([
      { decision: 'block', policyIds: [], refusal: 'token_authorization_refused' },
    ]);
    expect(await Promise.all([h.count('approvals'), h.count('outbox')])).toEqual(before);
    expect(await h.usage('ta')).toEqual([]);
  });

  it('are held by a policy that allows them with require_approval, the approval naming token, amount and spender', async () => {
    const allowing = await h.policy('tb', {
      activity: 'sign-typed-data',
      rule: { kind: 'always' },
      allowTokenAuthorizations: true,
    });
    const [held] = await evaluate(clientOf('tb', 1), permit('tb', '5'));
    expect(held).toEqual({
      decision: 'require_approval',
      policyIds: [allowing],
      approvalId: expect.any(String),
    });
    const approval = await h.approvals.get(clientOf('tb', 1), approvalOf(held));
    expect(approval).toMatchObject({
      activity: 'sign-typed-data',
      summary: { walletId: 'w1', assetId: 'usdc', amount: '5', destination: SPENDER },
    });
  });

  it('are weighed by amount like a withdrawal: unlimited or of another token, over any limit', async () => {
    const limit = await h.policy('tc', {
      activity: 'sign-typed-data',
      rule: { kind: 'amount_above', assetId: 'usdc', amount: '100' },
      action: 'block',
      approvers: undefined,
      allowTokenAuthorizations: true,
    });
    const decisions = await evaluate(
      clientOf('tc', 1),
      permit('tc', '100'),
      permit('tc', '100.000001'),
      permit('tc', '1', { tokenAuthorization: { token: '0xusdc', bounded: false } }),
      permit('tc', '1', {
        assetId: 'unknown',
        tokenAuthorization: { token: '0xother', bounded: false },
      }),
      permit('tc', '1', { assetId: 'dai', tokenAuthorization: { token: '0xdai', bounded: true } }),
    );
    const blocked = { decision: 'block', policyIds: [limit] };
    expect(decisions).toEqual([{ decision: 'allow' }, blocked, blocked, blocked, blocked]);
  });
});

describe('velocity windows', () => {
  const c1 = clientOf('ev', 1);

  it('count what runs up to the exact limit, refuse one wei more, and free what is released', async () => {
    const limit = await h.policy('ev', {
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
    expect(await h.usage('ev')).toEqual([
      { op: first.operationId, amount: '0.6', released: false },
      { op: second.operationId, amount: '0.4', released: false },
    ]);

    expect(await h.release.release(callOf('wallet-ledger'), [first.operationId])).toEqual({
      released: 1,
    });
    expect(await h.release.release(callOf('wallet-ledger'), [first.operationId])).toEqual({
      released: 0,
    });
    expect(await evaluate(c1, withdrawal('ev', '0.6'))).toEqual([{ decision: 'allow' }]);
  });

  it('let no batch pass a limit together: each operation sees the ones before it', async () => {
    const limit = await h.policy('ew', {
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
    expect((await h.usage('ew')).map((u) => u.op).sort()).toEqual(
      [ops[0]!.operationId, ops[1]!.operationId].sort(),
    );
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
      await h.policy(tenant, { rule });
      const ops = [withdrawal(tenant, '12'), withdrawal(tenant, '13')];
      const outboxBefore = await h.count('outbox');
      // The second operation's event fails, after the first's approval and event were written.
      const undo = await h.refuseEventsWhere(
        `NEW.tenant_id = '${tenant}' AND NEW.envelope->'data'->'summary'->>'amount' = '13'`,
      );
      try {
        const error = await evaluate(clientOf(tenant, 1), ...ops).catch((e: unknown) => e);
        expect(messages(error)).toContain('the outbox refuses this event');
      } finally {
        await undo();
      }
      expect(await approvalsOfOps(ops)).toBe(0);
      expect(await h.usage(tenant)).toEqual([]);
      expect(await h.count('outbox')).toBe(outboxBefore);

      // Asked again, both are held, each with its approval and event.
      const decisions = await evaluate(clientOf(tenant, 1), ...ops);
      expect(decisions.map((d) => d.decision)).toEqual(['require_approval', 'require_approval']);
      expect(await h.count('outbox')).toBe(outboxBefore + 2);
    },
  );
});
