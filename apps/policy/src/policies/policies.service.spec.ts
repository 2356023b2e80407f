import type { AuthContext, ListQuery, PolicyInput } from '@custody/contracts';
import { waitFor } from '@custody/testing';
import {
  adminOf,
  clientOf,
  createPolicyHarness,
  type PolicyHarness,
  type PolicyTable,
} from '../test-harness';

// Policies as the gateway's callers manage them, against a real PostgreSQL: each tenant its own
// (another's reads as 404), an admin the platform's; checks that refuse a policy change nothing;
// and a tenant's `policy-change` policy holds its changes for an approval, applied on its quorum.

let h: PolicyHarness;

const page: ListQuery = { page: 1, limit: 100, sort: { field: 'createdAt', direction: 'asc' } };

const blockAbove = (name: string, amount = '10'): PolicyInput => ({
  name,
  activity: 'withdrawal',
  rule: { kind: 'amount_above', assetId: 'eth', amount },
  action: 'block',
});

const changeControl = (quorum = 1): PolicyInput => ({
  name: 'four eyes on policies',
  activity: 'policy-change',
  rule: { kind: 'always' },
  action: 'require_approval',
  approvers: { quorum },
});

async function listedIds(caller: AuthContext): Promise<string[]> {
  return (await h.policies.list(caller, page, {})).items.map((p) => p.id);
}

const TABLES: PolicyTable[] = ['policies', 'policy_changes', 'approvals', 'decisions', 'outbox'];

async function counts(): Promise<number[]> {
  return Promise.all(TABLES.map((t) => h.count(t)));
}

async function changeStatus(changeOf: string): Promise<string | undefined> {
  const { rows } = await h.pool.query<{ status: string }>(
    `SELECT c.status FROM policy.policy_changes c
       JOIN policy.approvals a ON a.operation_id = c.id WHERE a.id = $1`,
    [changeOf],
  );
  return rows[0]?.status;
}

beforeAll(async () => {
  h = await createPolicyHarness();
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('a tenant without a policy-change policy', () => {
  const a1 = clientOf('pa', 1);
  const b1 = clientOf('pb', 1);

  it('creates a policy at once, with no approval and no event, readable by its own tenant only', async () => {
    const before = await counts();
    const created = await h.policies.create(a1, {
      ...blockAbove('big withdrawals'),
      filters: { walletIds: ['w-1'] },
    });
    expect(created).toEqual({ id: expect.any(String) });

    const view = await h.policies.get(a1, created.id);
    expect(view).toEqual({
      id: created.id,
      createdAt: expect.any(String),
      updatedAt: view.createdAt,
      tenantId: 'pa',
      name: 'big withdrawals',
      activity: 'withdrawal',
      rule: { kind: 'amount_above', assetId: 'eth', amount: '10' },
      action: 'block',
      approvers: null,
      filters: { walletIds: ['w-1'] },
      enabled: true,
      allowTokenAuthorizations: false,
    });
    // One policy more; no change held, no approval, nothing in the outbox.
    const [policies, ...rest] = await counts();
    expect([policies, ...rest]).toEqual([before[0]! + 1, ...before.slice(1)]);

    expect(await listedIds(a1)).toContain(created.id);
    expect(await listedIds(b1)).not.toContain(created.id);
    await expect(h.policies.get(b1, created.id)).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    });
    expect((await h.policies.get(adminOf(1), created.id)).tenantId).toBe('pa');
  });

  it('updates its policy: the patched fields change, the others stay, updatedAt moves on', async () => {
    const { id } = await h.policies.create(a1, {
      ...blockAbove('to rename'),
      filters: { assetIds: ['eth'] },
    });
    const before = await h.policies.get(a1, id);
    const updated = await h.policies.update(a1, id, {
      name: 'renamed',
      filters: null,
      enabled: false,
    });
    expect(updated).toEqual({
      ...before,
      name: 'renamed',
      filters: null,
      enabled: false,
      updatedAt: expect.any(String),
    });
    expect(updated).not.toHaveProperty('approvalId');
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    expect(await h.policies.get(a1, id)).toEqual(updated);
  });

  it("lets tenant B neither read, change nor delete tenant A's policy, which stays as it was", async () => {
    const { id } = await h.policies.create(a1, blockAbove('A only'));
    const before = await h.policies.get(a1, id);
    await expect(h.policies.update(b1, id, { name: 'hijacked' })).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    });
    await expect(h.policies.remove(b1, id)).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    });
    expect(await h.policies.get(a1, id)).toEqual(before);
  });

  it('deletes softly: gone from every read and write, the row kept with its deletion time', async () => {
    const { id } = await h.policies.create(a1, blockAbove('to delete'));
    expect(await h.policies.remove(a1, id)).toEqual({ id });
    await expect(h.policies.get(a1, id)).rejects.toMatchObject({ status: 404 });
    expect(await listedIds(a1)).not.toContain(id);
    await expect(h.policies.remove(a1, id)).rejects.toMatchObject({ status: 404 });
    await expect(h.policies.update(a1, id, { name: 'revived' })).rejects.toMatchObject({
      status: 404,
    });
    const { rows } = await h.pool.query<{ deleted: boolean; name: string }>(
      'SELECT deleted_at IS NOT NULL AS deleted, name FROM policy.policies WHERE id = $1',
      [id],
    );
    expect(rows).toEqual([{ deleted: true, name: 'to delete' }]);
  });

  it("reads the platform's policies in every tenant; only an admin changes them, and only them", async () => {
    const admin = adminOf(1);
    const platform = await h.policies.create(admin, {
      ...blockAbove('platform cap', '1000'),
      filters: { assetIds: ['platform-only'] },
    });
    const own = await h.policies.create(a1, blockAbove('tenant cap'));
    expect((await h.policies.get(a1, platform.id)).tenantId).toBeNull();
    expect(await listedIds(b1)).toContain(platform.id);

    await expect(h.policies.update(a1, platform.id, { name: 'mine now' })).rejects.toMatchObject({
      status: 403,
      code: 'policy_read_only',
    });
    await expect(h.policies.remove(a1, platform.id)).rejects.toMatchObject({
      status: 403,
      code: 'policy_read_only',
    });
    await expect(h.policies.update(admin, own.id, { name: 'overruled' })).rejects.toMatchObject({
      status: 403,
      code: 'policy_read_only',
    });
    expect((await h.policies.get(a1, platform.id)).name).toBe('platform cap');
    expect((await h.policies.get(a1, own.id)).name).toBe('tenant cap');
    expect((await h.policies.update(admin, platform.id, { name: 'platform cap 2' })).name).toBe(
      'platform cap 2',
    );
  });

  it('refuses with 409 policy_changed a change another change overtook, and keeps the other one', async () => {
    const { id } = await h.policies.create(a1, blockAbove('contended'));
    // Another writer changes the policy and holds its row lock until the update below has read
    // the policy and waits for the lock.
    const other = await h.pool.connect();
    try {
      await other.query('BEGIN');
      await other.query(
        `UPDATE policy.policies SET name = 'overtaking', updated_at = clock_timestamp()
          WHERE id = $1`,
        [id],
      );
      const late = h.policies.update(a1, id, { name: 'late' });
      late.catch(() => undefined);
      await waitFor(
        async () =>
          (
            await h.pool.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM pg_stat_activity
                WHERE datname = current_database() AND wait_event_type = 'Lock'`,
            )
          ).rows[0]!.n > 0,
        { what: 'the update waiting for the row lock' },
      );
      await other.query('COMMIT');
      await expect(late).rejects.toMatchObject({ status: 409, code: 'policy_changed' });
    } finally {
      other.release();
    }
    expect((await h.policies.get(a1, id)).name).toBe('overtaking');
  });
});

describe('validation', () => {
  const v1 = clientOf('pv', 1);
  const named = (clientIds: string[], quorum: number) => ({ quorum, clientIds });

  it.each<[string, PolicyInput, string]>([
    [
      'require_approval without approvers',
      { ...blockAbove('x'), action: 'require_approval' },
      'approvers_required',
    ],
    [
      'a blocking policy with approvers',
      { ...blockAbove('x'), approvers: { quorum: 1 } },
      'approvers_not_allowed',
    ],
    [
      'a named approver who is not eligible',
      { ...blockAbove('x'), action: 'require_approval', approvers: named(['stranger'], 1) },
      'approver_not_eligible',
    ],
    [
      "another tenant's client as approver",
      { ...blockAbove('x'), action: 'require_approval', approvers: named(['pb-c2'], 1) },
      'approver_not_eligible',
    ],
    [
      'a quorum above the eligible approvers',
      { ...blockAbove('x'), action: 'require_approval', approvers: { quorum: 5 } },
      'quorum_unreachable',
    ],
    [
      'a quorum above the named approvers',
      {
        ...blockAbove('x'),
        action: 'require_approval',
        approvers: named(['pv-c2', 'pv-c3', 'pv-c2'], 3),
      },
      'quorum_unreachable',
    ],
    [
      'a whitelist rule on transfers',
      { ...blockAbove('x'), activity: 'transfer', rule: { kind: 'destination_not_whitelisted' } },
      'rule_not_applicable',
    ],
    [
      'an amount rule on messages',
      { ...blockAbove('x'), activity: 'sign-message' },
      'rule_not_applicable',
    ],
    [
      'an amount rule on typed data, where the policy does not allow token authorizations',
      { ...blockAbove('x'), activity: 'sign-typed-data' },
      'rule_not_applicable',
    ],
    [
      'token authorizations allowed by a policy of another activity than sign-typed-data',
      { ...blockAbove('x'), allowTokenAuthorizations: true },
      'rule_not_applicable',
    ],
    [
      'a policy-change policy with another rule than always',
      { ...changeControl(), rule: { kind: 'amount_above', assetId: 'eth', amount: '1' } },
      'rule_not_applicable',
    ],
    [
      'a policy-change policy that blocks',
      { name: 'x', activity: 'policy-change', rule: { kind: 'always' }, action: 'block' },
      'action_not_applicable',
    ],
    [
      'a velocity rule without a limit',
      { ...blockAbove('x'), rule: { kind: 'velocity', window: '24h', per: 'wallet' } },
      'velocity_limit_required',
    ],
    [
      'a velocity amount without its asset',
      {
        ...blockAbove('x'),
        rule: { kind: 'velocity', window: '24h', per: 'wallet', maxAmount: '5' },
      },
      'asset_required',
    ],
  ])('refuses %s with its code, and writes nothing', async (_what, input, code) => {
    const before = await counts();
    await expect(h.policies.create(v1, input)).rejects.toMatchObject({ status: 400, code });
    expect(await counts()).toEqual(before);
  });

  it('takes amount and destination rules on typed data where the policy allows token authorizations', async () => {
    const allowing = {
      ...blockAbove('permits up to 10 eth'),
      activity: 'sign-typed-data' as const,
      allowTokenAuthorizations: true,
    };
    const { id } = await h.policies.create(v1, allowing);
    expect(await h.policies.get(v1, id)).toMatchObject({
      activity: 'sign-typed-data',
      rule: { kind: 'amount_above', assetId: 'eth', amount: '10' },
      allowTokenAuthorizations: true,
    });
    const spender = await h.policies.create(v1, {
      ...allowing,
      rule: { kind: 'destination_not_whitelisted' },
    });
    expect((await h.policies.get(v1, spender.id)).allowTokenAuthorizations).toBe(true);
    // Allowing no longer, its amount rule has nothing to weigh.
    await expect(
      h.policies.update(v1, id, { allowTokenAuthorizations: false }),
    ).rejects.toMatchObject({ status: 400, code: 'rule_not_applicable' });
    const always = await h.policies.update(v1, id, {
      rule: { kind: 'always' },
      allowTokenAuthorizations: false,
    });
    expect(always).toMatchObject({ rule: { kind: 'always' }, allowTokenAuthorizations: false });
  });

  it('refuses an update that would make the policy invalid, and leaves the policy as it was', async () => {
    const { id } = await h.policies.create(v1, blockAbove('valid'));
    const before = await h.policies.get(v1, id);
    const rows = await counts();
    await expect(h.policies.update(v1, id, { action: 'require_approval' })).rejects.toMatchObject({
      status: 400,
      code: 'approvers_required',
    });
    await expect(h.policies.update(v1, id, { activity: 'sign-typed-data' })).rejects.toMatchObject({
      status: 400,
      code: 'rule_not_applicable',
    });
    expect(await h.policies.get(v1, id)).toEqual(before);
    expect(await counts()).toEqual(rows);
  });
});

describe('a tenant with a policy-change policy', () => {
  const c1 = clientOf('ph', 1);
  const c2 = clientOf('ph', 2);
  let existing: string;
  let control: string;

  beforeAll(async () => {
    existing = (await h.policies.create(c1, blockAbove('existing'))).id;
    // Nothing governs the policies yet: the control itself is created at once.
    const created = await h.policies.create(c1, changeControl());
    expect(created.approvalId).toBeUndefined();
    control = created.id;
  });

  it('holds a new policy for an approval, with its event, and creates it on the quorum', async () => {
    const input = blockAbove('held create', '7.000000000000000001');
    const held = await h.policies.create(c1, input);
    expect(held).toEqual({ id: expect.any(String), approvalId: expect.any(String) });
    const approvalId = held.approvalId!;
    await expect(h.policies.get(c1, held.id)).rejects.toMatchObject({ status: 404 });
    expect(await changeStatus(approvalId)).toBe('pending');

    const approval = await h.approvals.get(c1, approvalId);
    expect(approval).toMatchObject({
      status: 'pending',
      activity: 'policy-change',
      initiator: { clientId: 'ph-c1' },
      policyIds: [control],
      quorum: 1,
      requirements: [{ policyId: control, quorum: 1, approverIds: null, platform: false }],
      decisions: [],
      summary: {
        userId: null,
        walletId: null,
        assetId: null,
        amount: null,
        policyChange: {
          kind: 'create',
          policyId: held.id,
          name: 'held create',
          before: null,
          after: input,
        },
      },
    });
    // The event carries the approval as read, without what an approver signs (reads only).
    const { signing: _signing, ...announced } = approval;
    expect(await h.eventsOf(approvalId)).toEqual([
      { name: 'approval.is-pending', tenantId: 'ph', data: announced },
    ]);

    // The initiator cannot approve its own change; another client of the tenant can.
    await expect(h.decide.decide(c1, approvalId, { decision: 'approve' })).rejects.toMatchObject({
      status: 403,
      code: 'self_approval_forbidden',
    });
    await h.decide.decide(c2, approvalId, { decision: 'approve' });

    expect(await h.policies.get(c1, held.id)).toMatchObject({
      tenantId: 'ph',
      name: 'held create',
      rule: { kind: 'amount_above', assetId: 'eth', amount: '7.000000000000000001' },
      action: 'block',
    });
    expect(await changeStatus(approvalId)).toBe('applied');
    const events = await h.eventsOf(approvalId);
    expect(events.map((e) => [e.name, e.data['status']])).toEqual([
      ['approval.is-pending', 'pending'],
      ['approval.is-decided', 'approved'],
    ]);
    expect(events[1]!.data['decisions']).toEqual([
      {
        clientId: 'ph-c2',
        decision: 'approve',
        reason: null,
        credentialId: null,
        createdAt: expect.any(String),
      },
    ]);
  });

  it('answers a held update with the policy as it still is, and drops the change on a rejection', async () => {
    const before = await h.policies.get(c1, existing);
    const held = await h.policies.update(c1, existing, { name: 'never applied' });
    expect(held).toEqual({ ...before, approvalId: expect.any(String) });
    expect(await h.policies.get(c1, existing)).toEqual(before);

    await h.decide.decide(c2, held.approvalId!, { decision: 'reject', reason: 'no' });
    expect(await changeStatus(held.approvalId!)).toBe('rejected');
    expect((await h.approvals.get(c1, held.approvalId!)).status).toBe('rejected');
    expect(await h.policies.get(c1, existing)).toEqual(before);
    // Decided once: a second decision is refused.
    await expect(
      h.decide.decide(clientOf('ph', 3), held.approvalId!, { decision: 'approve' }),
    ).rejects.toMatchObject({ status: 409, code: 'approval_finished' });
  });

  it('never lets a late approval revert a later change: the older held update fails', async () => {
    const first = await h.policies.update(c1, existing, { name: 'first' });
    const second = await h.policies.update(c1, existing, { name: 'second' });
    await h.decide.decide(c2, second.approvalId!, { decision: 'approve' });
    expect((await h.policies.get(c1, existing)).name).toBe('second');

    await h.decide.decide(c2, first.approvalId!, { decision: 'approve' });
    expect((await h.approvals.get(c1, first.approvalId!)).status).toBe('approved');
    expect(await changeStatus(first.approvalId!)).toBe('failed');
    expect(await changeStatus(second.approvalId!)).toBe('applied');
    expect((await h.policies.get(c1, existing)).name).toBe('second');
  });

  it('drops a held change whose approval expires', async () => {
    const expiring = h.approvalsWith(0);
    const held = await h.policiesWith(expiring).create(c1, blockAbove('expires'));
    expect(await h.expire.expireDue()).toBe(1);
    expect((await h.approvals.get(c1, held.approvalId!)).status).toBe('expired');
    expect(await changeStatus(held.approvalId!)).toBe('expired');
    await expect(h.policies.get(c1, held.id)).rejects.toMatchObject({ status: 404 });
    expect((await h.eventsOf(held.approvalId!)).map((e) => e.data['status'])).toEqual([
      'pending',
      'expired',
    ]);
  });

  it("governs this tenant only: another tenant's changes apply at once", async () => {
    const other = await h.policies.create(clientOf('pi', 1), blockAbove('elsewhere'));
    expect(other.approvalId).toBeUndefined();
    expect((await h.policies.get(clientOf('pi', 1), other.id)).name).toBe('elsewhere');
  });

  it('holds the removal of the control itself; once removed, changes apply at once again', async () => {
    const held = await h.policies.remove(c1, control);
    expect(held).toEqual({ id: control, approvalId: expect.any(String) });
    expect((await h.policies.get(c1, control)).enabled).toBe(true);
    // Still governed while the removal waits.
    expect((await h.policies.create(c1, blockAbove('while waiting'))).approvalId).toBeDefined();

    await h.decide.decide(c2, held.approvalId!, { decision: 'approve' });
    await expect(h.policies.get(c1, control)).rejects.toMatchObject({ status: 404 });
    expect((await h.policies.create(c1, blockAbove('free again'))).approvalId).toBeUndefined();
  });
});

describe("a platform policy-change policy (the admins')", () => {
  const admin1 = adminOf(1);
  const admin2 = adminOf(2);
  const z1 = clientOf('pz', 1);

  beforeAll(async () => {
    expect((await h.policies.create(admin1, changeControl())).approvalId).toBeUndefined();
  });

  it("holds every tenant's changes for the admins to decide", async () => {
    const held = await h.policies.create(z1, blockAbove('needs an admin'));
    expect((await h.approvals.get(z1, held.approvalId!)).requirements).toEqual([
      expect.objectContaining({ platform: true, approverIds: null, quorum: 1 }),
    ]);
    await expect(
      h.decide.decide(clientOf('pz', 2), held.approvalId!, { decision: 'approve' }),
    ).rejects.toMatchObject({ status: 403, code: 'approver_forbidden' });
    await h.decide.decide(admin1, held.approvalId!, { decision: 'approve' });
    expect((await h.policies.get(z1, held.id)).name).toBe('needs an admin');
  });

  it("holds the platform's own changes, which another admin than the initiator approves", async () => {
    const held = await h.policies.create(admin1, blockAbove('platform, held', '99'));
    await expect(
      h.decide.decide(admin1, held.approvalId!, { decision: 'approve' }),
    ).rejects.toMatchObject({ status: 403, code: 'self_approval_forbidden' });
    await h.decide.decide(admin2, held.approvalId!, { decision: 'approve' });
    expect(await h.policies.get(z1, held.id)).toMatchObject({
      tenantId: null,
      name: 'platform, held',
    });
  });
});
