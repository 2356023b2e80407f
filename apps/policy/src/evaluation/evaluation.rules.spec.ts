import { type GovernedOperation, MAX_CITED_POLICIES, type PolicyRule } from '@custody/contracts';
import { type EvaluatedPolicy, evaluate, ruleMatches } from './evaluation.rules';

const OP: GovernedOperation = {
  activity: 'withdrawal',
  operationId: '01900000-0000-7000-8000-000000000001',
  tenantId: 't1',
  userId: 'u1',
  walletId: 'w1',
  assetId: 'eth',
  amount: '2.5',
  destination: '0xdead',
};

let created = 0;
function policy(overrides: Partial<EvaluatedPolicy>): EvaluatedPolicy {
  created += 1;
  return {
    id: `p${created}`,
    tenantId: 't1',
    activity: 'withdrawal',
    rule: { kind: 'always' },
    action: 'block',
    approvers: null,
    filters: null,
    createdAt: new Date(1_800_000_000_000 + created),
    ...overrides,
  };
}

describe('policy rules', () => {
  it('match an amount above the limit of the same asset only', () => {
    const above = (assetId: string, amount: string) =>
      ruleMatches({ kind: 'amount_above', assetId, amount }, OP);
    expect(above('eth', '2.4999')).toBe(true);
    expect(above('eth', '2.5')).toBe(false);
    expect(above('eth', '10')).toBe(false);
    expect(above('usdc', '1')).toBe(false);
  });

  it('match where their data is not read yet: fail closed', () => {
    expect(ruleMatches({ kind: 'destination_not_whitelisted' }, OP)).toBe(true);
    const facts = (destinationVerified: boolean) => ({
      usage: [],
      now: new Date(),
      destinationVerified,
    });
    expect(ruleMatches({ kind: 'destination_not_whitelisted' }, OP, facts(false))).toBe(true);
    expect(ruleMatches({ kind: 'destination_not_whitelisted' }, OP, facts(true))).toBe(false);
    expect(ruleMatches({ kind: 'fiat_amount_above', amount: '1000000' }, OP)).toBe(true);
    expect(
      ruleMatches({ kind: 'velocity', window: '24h', per: 'wallet', maxFiatAmount: '1' }, OP),
    ).toBe(true);
  });

  it('match a value in fiat above the limit, or an unknown one', () => {
    const fiat = (fiatAmount?: string) =>
      ruleMatches({ kind: 'fiat_amount_above', amount: '5000' }, OP, {
        usage: [],
        now: new Date(),
        ...(fiatAmount !== undefined ? { fiatAmount } : {}),
      });
    expect(fiat('5000.01')).toBe(true);
    expect(fiat('5000')).toBe(false);
    expect(fiat(undefined)).toBe(true);
  });

  it("match a velocity limit the operation would pass, counting its window's operations", () => {
    const now = new Date(1_800_000_000_000);
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
    const usage = [
      { userId: 'u1', walletId: 'w1', assetId: 'eth', amount: '4', createdAt: at(30) },
      { userId: 'u1', walletId: 'w2', assetId: 'eth', amount: '3', createdAt: at(50) },
      { userId: 'u2', walletId: 'w3', assetId: 'eth', amount: '9', createdAt: at(10) },
      // Outside a one-hour window.
      { userId: 'u1', walletId: 'w1', assetId: 'eth', amount: '100', createdAt: at(61) },
    ];
    const velocity = (rule: Omit<Extract<PolicyRule, { kind: 'velocity' }>, 'kind' | 'window'>) =>
      ruleMatches({ kind: 'velocity', window: '1h', ...rule }, OP, { usage, now });
    // The wallet: 4 + 2.5 this one.
    expect(velocity({ per: 'wallet', assetId: 'eth', maxAmount: '6.5' })).toBe(false);
    expect(velocity({ per: 'wallet', assetId: 'eth', maxAmount: '6.4' })).toBe(true);
    // The user: 4 + 3 + 2.5.
    expect(velocity({ per: 'user', assetId: 'eth', maxAmount: '9.5' })).toBe(false);
    expect(velocity({ per: 'user', assetId: 'eth', maxAmount: '9' })).toBe(true);
    // The tenant: 4 + 3 + 9 + 2.5; and counts.
    expect(velocity({ per: 'tenant', assetId: 'eth', maxAmount: '18.5' })).toBe(false);
    expect(velocity({ per: 'tenant', maxCount: 4 })).toBe(false);
    expect(velocity({ per: 'tenant', maxCount: 3 })).toBe(true);
    expect(velocity({ per: 'wallet', maxCount: 1 })).toBe(true);
    // Another asset's limit says nothing of this one.
    expect(velocity({ per: 'tenant', assetId: 'usdc', maxAmount: '1' })).toBe(false);
  });
});

describe('evaluation', () => {
  it('lets through what no policy matches', () => {
    expect(evaluate([], OP)).toEqual({ decision: 'allow' });
    expect(
      evaluate(
        [
          policy({ rule: { kind: 'amount_above', assetId: 'eth', amount: '5' } }),
          policy({ activity: 'transfer' }),
          policy({ filters: { assetIds: ['usdc'] } }),
          policy({ filters: { userIds: ['u2'] } }),
          policy({ filters: { walletIds: ['w2'] } }),
        ],
        OP,
      ),
    ).toEqual({ decision: 'allow' });
  });

  it('blocks when any matching policy blocks, before any approval', () => {
    const block = policy({ activity: 'any', filters: { walletIds: ['w1'] } });
    const approve = policy({ action: 'require_approval', approvers: { quorum: 1 } });
    expect(evaluate([approve, block], OP)).toEqual({ decision: 'block', policyIds: [block.id] });
  });

  it('holds with every holding policy as a requirement, the largest quorum shown', () => {
    const one = policy({ action: 'require_approval', approvers: { quorum: 1 } });
    const three = policy({
      action: 'require_approval',
      approvers: { quorum: 3, clientIds: ['a', 'b', 'c'] },
    });
    const threeLater = policy({
      tenantId: null,
      action: 'require_approval',
      approvers: { quorum: 3 },
    });
    expect(evaluate([threeLater, one, three], OP)).toEqual({
      decision: 'require_approval',
      policyIds: [threeLater.id, one.id, three.id],
      quorum: 3,
      approverIds: ['a', 'b', 'c'],
      platform: false,
      // A platform policy's requirement stays the admins', whatever the tenant's quorum.
      requirements: [
        { policyId: threeLater.id, quorum: 3, approverIds: null, platform: true },
        { policyId: one.id, quorum: 1, approverIds: null, platform: false },
        { policyId: three.id, quorum: 3, approverIds: ['a', 'b', 'c'], platform: false },
      ],
    });
    expect(evaluate([threeLater, one], OP)).toMatchObject({
      quorum: 3,
      approverIds: null,
      platform: true,
    });
  });

  it('cites at most MAX_CITED_POLICIES holding policies, the governing one always', () => {
    const ones = Array.from({ length: MAX_CITED_POLICIES + 5 }, () =>
      policy({ action: 'require_approval', approvers: { quorum: 1 } }),
    );
    const governing = policy({ action: 'require_approval', approvers: { quorum: 2 } });
    const verdict = evaluate([...ones, governing], OP);
    expect(verdict).toMatchObject({ decision: 'require_approval', quorum: 2 });
    const cited = verdict.decision === 'require_approval' ? verdict.policyIds : [];
    expect(cited).toEqual([...ones.slice(0, MAX_CITED_POLICIES - 1), governing].map((p) => p.id));
  });

  it('governs a change of the policies by policy-change policies only, never by any', () => {
    const guard = policy({
      activity: 'policy-change',
      action: 'require_approval',
      approvers: { quorum: 2 },
    });
    const everything = policy({ activity: 'any' });
    expect(evaluate([everything, guard], { activity: 'policy-change' })).toMatchObject({
      decision: 'require_approval',
      policyIds: [guard.id],
      quorum: 2,
    });
    expect(evaluate([everything], { activity: 'policy-change' })).toEqual({ decision: 'allow' });
    expect(evaluate([guard], OP)).toEqual({ decision: 'allow' });
  });
});
