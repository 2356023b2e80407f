import { v7 as uuidv7 } from 'uuid';
import type { AuthContext, GovernedOperation } from '@custody/contracts';
import { approvalOf, clientOf, createPolicyHarness, type PolicyHarness } from '../test-harness';

// Purchases and issuers' REQUEST activities evaluated as trading and issuer ask for them, against
// a real PostgreSQL: a purchase weighed by the fiat value it states (trading's current rate is
// not asked), counted and held as any operation; an issuer's activities counted apart from the
// tenant's operations on wallets.

let h: PolicyHarness;

beforeAll(async () => {
  h = await createPolicyHarness();
});

afterAll(async () => {
  await h.close();
});

/** A buy of `amount` ETH into w1 worth `fiat`, as trading asks about it. */
function purchase(tenantId: string, amount: string, fiat: string): GovernedOperation {
  return {
    activity: 'purchase',
    operationId: uuidv7(),
    tenantId,
    legs: [{ userId: 'u1', walletId: 'w1', assetId: 'eth', amount, fiatAmount: fiat }],
  };
}

const issuerOf = (tenantId: string): AuthContext => ({
  clientId: 'issuer:i1',
  tenantId,
  audience: 'issuer',
  issuer: { id: 'i1', version: 1 },
});

/** A REQUEST of issuer i1 that moves nothing. */
function activity(tenantId: string): GovernedOperation {
  return {
    activity: 'issuer-activity',
    operationId: uuidv7(),
    tenantId,
    legs: [{ userId: 'i1', walletId: 'issue-1', assetId: 'unknown', amount: '0' }],
    intent: { kind: 'evm-typed-data', digest: `0x${'ab'.repeat(32)}` },
  };
}

describe('a purchase', () => {
  it('is weighed by the fiat value it states, held with it in its summary', async () => {
    // Trading knows no rate of ETH here: a leg valued by trading would match (fail closed).
    h.prices.delete('eth');
    const held = await h.policy('pa', {
      activity: 'purchase',
      rule: { kind: 'fiat_amount_above', amount: '1000' },
    });
    const under = purchase('pa', '0.4', '1000');
    expect(await h.evaluation.ask('trading', clientOf('pa', 1), [under])).toEqual([
      { decision: 'allow' },
    ]);
    const over = purchase('pa', '0.4', '1000.01');
    const id = approvalOf((await h.evaluation.ask('trading', clientOf('pa', 1), [over]))[0]);
    expect(await h.approvals.get(clientOf('pa', 2), id)).toMatchObject({
      activity: 'purchase',
      operationId: over.operationId,
      policyIds: [held],
      summary: { walletId: 'w1', assetId: 'eth', amount: '0.4', fiatAmount: '1000.01' },
    });
    // A purchase uses no key: nothing is admitted for a signed decision.
    const { rows } = await h.pool.query('SELECT 1 FROM policy.admissions WHERE operation_id = $1', [
      over.operationId,
    ]);
    expect(rows).toEqual([]);
  });

  it('counts towards a purchase velocity window, what is blocked not', async () => {
    const limit = await h.policy('pb', {
      activity: 'purchase',
      action: 'block',
      approvers: undefined,
      rule: { kind: 'velocity', window: '24h', per: 'wallet', assetId: 'eth', maxAmount: '1' },
    });
    const ops = [
      purchase('pb', '0.6', '1'),
      purchase('pb', '0.4', '1'),
      purchase('pb', '0.1', '1'),
    ];
    expect(await h.evaluation.ask('trading', clientOf('pb', 1), ops)).toEqual([
      { decision: 'allow' },
      { decision: 'allow' },
      { decision: 'block', policyIds: [limit] },
    ]);
    expect((await h.usage('pb')).map((u) => u.amount)).toEqual(['0.6', '0.4']);
  });
});

describe("an issuer's activity", () => {
  it("is counted by the tenant's issuer-activity windows, never by its any windows", async () => {
    const issuerLimit = await h.policy('pc', {
      activity: 'issuer-activity',
      action: 'block',
      approvers: undefined,
      rule: { kind: 'velocity', window: '1h', per: 'tenant', maxCount: 1 },
    });
    const walletLimit = await h.policy('pc', {
      activity: 'any',
      action: 'block',
      approvers: undefined,
      rule: { kind: 'velocity', window: '1h', per: 'tenant', maxCount: 1 },
    });
    const ask = (op: GovernedOperation) => h.evaluation.ask('issuer', issuerOf('pc'), [op]);
    const [first] = await ask(activity('pc'));
    expect(first).toMatchObject({ decision: 'allow', signed: expect.any(String) });
    expect(await ask(activity('pc'))).toEqual([{ decision: 'block', policyIds: [issuerLimit] }]);
    // The tenant's operations on wallets have their own window: the activity is not in it.
    const buy = purchase('pc', '0.1', '1');
    expect(await h.evaluation.ask('trading', clientOf('pc', 1), [buy])).toEqual([
      { decision: 'allow' },
    ]);
    expect(
      await h.evaluation.ask('trading', clientOf('pc', 1), [purchase('pc', '0.1', '1')]),
    ).toEqual([{ decision: 'block', policyIds: [walletLimit] }]);
  });
});
