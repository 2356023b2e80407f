import { checkAsker } from './askers.rules';
import {
  type AuthContext,
  type GovernedLeg,
  type GovernedOperation,
  MAX_CITED_POLICIES,
  type PolicyRule,
} from '@custody/contracts';
import { refusalOf } from '@custody/testing';
import {
  appliesTo,
  countedLegs,
  type EvaluatedPolicy,
  evaluate,
  evaluateInOrder,
  ownerOf,
  ruleMatches,
  statedFiatAmounts,
  VelocityTotals,
} from './evaluation.rules';

const OP: GovernedOperation = {
  activity: 'withdrawal',
  operationId: '01900000-0000-7000-8000-000000000001',
  tenantId: 't1',
  legs: [{ userId: 'u1', walletId: 'w1', assetId: 'eth', amount: '2.5', destination: '0xdead' }],
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
    allowTokenAuthorizations: false,
    createdAt: new Date(1_800_000_000_000 + created),
    ...overrides,
  };
}

const matches = (rule: PolicyRule, op: GovernedOperation = OP, facts = {}) =>
  ruleMatches(policy({ rule }), op, facts);

/** A transfer of two legs from w1 (u1) and one from w2 (u1). */
const TRANSFER: GovernedOperation = {
  activity: 'transfer',
  operationId: '01900000-0000-7000-8000-000000000002',
  tenantId: 't1',
  legs: [
    { userId: 'u1', walletId: 'w1', assetId: 'eth', amount: '1', destination: 'w9' },
    { userId: 'u1', walletId: 'w1', assetId: 'eth', amount: '2', destination: 'w8' },
    { userId: 'u1', walletId: 'w2', assetId: 'usdc', amount: '50', destination: 'w7' },
  ],
};

describe('policy rules', () => {
  it('match an amount above the limit of the same asset only', () => {
    const above = (assetId: string, amount: string) =>
      matches({ kind: 'amount_above', assetId, amount });
    expect(above('eth', '2.4999')).toBe(true);
    expect(above('eth', '2.5')).toBe(false);
    expect(above('eth', '10')).toBe(false);
    expect(above('usdc', '1')).toBe(false);
  });

  it("weigh a transfer's legs of the asset together, those its filters select", () => {
    expect(matches({ kind: 'amount_above', assetId: 'eth', amount: '2.9' }, TRANSFER)).toBe(true);
    expect(matches({ kind: 'amount_above', assetId: 'eth', amount: '3' }, TRANSFER)).toBe(false);
    const onlyW2 = policy({
      activity: 'transfer',
      rule: { kind: 'amount_above', assetId: 'eth', amount: '0' },
      filters: { walletIds: ['w2'] },
    });
    expect(ruleMatches(onlyW2, TRANSFER)).toBe(false);
  });

  it('match where their data is not read yet: fail closed', () => {
    expect(matches({ kind: 'destination_not_whitelisted' })).toBe(true);
    const verified = (destinationVerified: boolean) => ({
      destinationVerified: [destinationVerified],
    });
    expect(matches({ kind: 'destination_not_whitelisted' }, OP, verified(false))).toBe(true);
    expect(matches({ kind: 'destination_not_whitelisted' }, OP, verified(true))).toBe(false);
    expect(matches({ kind: 'fiat_amount_above', amount: '1000000' })).toBe(true);
    expect(matches({ kind: 'velocity', window: '24h', per: 'wallet', maxFiatAmount: '1' })).toBe(
      true,
    );
  });

  it('never match a destination between custody wallets or of a message', () => {
    expect(matches({ kind: 'destination_not_whitelisted' }, TRANSFER)).toBe(false);
    const message: GovernedOperation = {
      ...{},
      ...OP,
      activity: 'sign-message',
      legs: [{ userId: 'u1', walletId: 'w1', assetId: 'eth', amount: '0' }],
    };
    expect(matches({ kind: 'destination_not_whitelisted' }, message)).toBe(false);
  });

  it('match a value in fiat above the limit, or an unknown one; nothing moved is worth nothing', () => {
    const fiat = (fiatAmount?: string) =>
      matches({ kind: 'fiat_amount_above', amount: '5000' }, OP, { fiatAmounts: [fiatAmount] });
    expect(fiat('5000.01')).toBe(true);
    expect(fiat('5000')).toBe(false);
    expect(fiat(undefined)).toBe(true);
    const nothing: GovernedOperation = {
      ...{},
      ...OP,
      activity: 'sign-typed-data',
      legs: [{ userId: 'u1', walletId: 'w1', assetId: 'eth', amount: '0' }],
    };
    expect(matches({ kind: 'fiat_amount_above', amount: '0' }, nothing)).toBe(false);
  });

  it("match a velocity limit the operation would pass, counting its window's operations", () => {
    const totals = new VelocityTotals();
    const velocity = (rule: Omit<Extract<PolicyRule, { kind: 'velocity' }>, 'kind' | 'window'>) => {
      const p = policy({ rule: { kind: 'velocity', window: '1h', ...rule } });
      // What the windows held: 2 operations and 7 eth for the wallet, 3 and 10 for the user, 5
      // and 19 for the tenant.
      const held = {
        wallet: ['w1', 2, '7'],
        user: ['u1', 3, '10'],
        tenant: ['*', 5, '19'],
      } as const;
      const [scope, count, amount] = held[rule.per];
      totals.set(p.id, 't1', scope, { count, amount: rule.assetId === 'eth' ? amount : '0' });
      return ruleMatches(p, OP, { velocity: totals });
    };
    expect(velocity({ per: 'wallet', assetId: 'eth', maxAmount: '9.5' })).toBe(false);
    expect(velocity({ per: 'wallet', assetId: 'eth', maxAmount: '9.4' })).toBe(true);
    expect(velocity({ per: 'user', assetId: 'eth', maxAmount: '12.5' })).toBe(false);
    expect(velocity({ per: 'user', assetId: 'eth', maxAmount: '12' })).toBe(true);
    expect(velocity({ per: 'tenant', assetId: 'eth', maxAmount: '21.5' })).toBe(false);
    expect(velocity({ per: 'tenant', maxCount: 6 })).toBe(false);
    expect(velocity({ per: 'tenant', maxCount: 5 })).toBe(true);
    expect(velocity({ per: 'wallet', maxCount: 2 })).toBe(true);
    // Another asset's limit says nothing of this one.
    expect(velocity({ per: 'tenant', assetId: 'usdc', maxAmount: '1' })).toBe(false);
  });

  it("count a batch's operations in order: a later one sees what the earlier ones took", () => {
    const limit = policy({
      rule: { kind: 'velocity', window: '24h', per: 'wallet', assetId: 'eth', maxAmount: '6' },
    });
    const big = policy({
      rule: { kind: 'amount_above', assetId: 'eth', amount: '100' },
    });
    const op = (n: number, amount: string): GovernedOperation => ({
      ...{},
      ...OP,
      operationId: `01900000-0000-7000-8000-00000000010${n}`,
      legs: [{ userId: 'u1', walletId: 'w1', assetId: 'eth', amount }],
    });
    const verdicts = evaluateInOrder(
      () => [limit, big],
      // 2.5 + 2.5 fit; 2.5 more would pass 6; 500 is blocked by the amount and counts nothing;
      // 1 still fits.
      [op(1, '2.5'), op(2, '2.5'), op(3, '2.5'), op(4, '500'), op(5, '1')],
      () => ({}),
      new VelocityTotals(),
    );
    expect(verdicts.map((v) => v.decision)).toEqual(['allow', 'allow', 'block', 'block', 'allow']);
  });

  it("count a transfer once per wallet it takes from, with the legs' amounts summed", () => {
    const totals = new VelocityTotals();
    const perWallet = policy({
      activity: 'transfer',
      rule: { kind: 'velocity', window: '1h', per: 'wallet', assetId: 'eth', maxAmount: '3' },
    });
    totals.record([perWallet], TRANSFER);
    expect(totals.get(perWallet.id, 't1', 'w1')).toEqual({ count: 1, amount: '3' });
    expect(totals.get(perWallet.id, 't1', 'w2')).toEqual({ count: 1, amount: '0' });
    // Another tenant's windows are its own.
    expect(totals.get(perWallet.id, 't2', 'w1')).toEqual({ count: 0, amount: '0' });
  });

  it('govern a raw transaction that moves value by the withdrawal policies too', () => {
    const withdrawalOnly = policy({ activity: 'withdrawal' });
    const tx = (amount: string): GovernedOperation => ({
      ...{},
      ...OP,
      activity: 'sign-tx',
      legs: [{ userId: 'u1', walletId: 'w1', assetId: 'eth', amount }],
    });
    expect(evaluate([withdrawalOnly], tx('0.1')).decision).toBe('block');
    expect(evaluate([withdrawalOnly], tx('0')).decision).toBe('allow');
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

describe('velocity usage', () => {
  it('counts every leg of what runs or waits where a velocity policy counts it', () => {
    const other = { ...OP, operationId: '01900000-0000-7000-8000-000000000009' };
    const rows = countedLegs(
      [TRANSFER, OP, other],
      [{ decision: 'allow' }, { decision: 'block', policyIds: ['p'] }, { decision: 'allow' }],
      [true, true, false],
    );
    expect(rows).toHaveLength(TRANSFER.legs.length);
    expect(rows.map((r) => r.leg)).toEqual(TRANSFER.legs.map((_, n) => n));
    expect(rows[0]).toEqual({
      operationId: TRANSFER.operationId,
      leg: 0,
      tenantId: 't1',
      activity: 'transfer',
      userId: TRANSFER.legs[0]?.userId,
      walletId: TRANSFER.legs[0]?.walletId,
      assetId: TRANSFER.legs[0]?.assetId,
      amount: TRANSFER.legs[0]?.amount,
    });
  });
});

describe('token authorizations', () => {
  /** Typed data that lets 0xspender take `amount` of `assetId` from w1 (a permit). */
  const permit = (amount: string, leg: Partial<GovernedLeg> = {}): GovernedOperation => ({
    activity: 'sign-typed-data',
    operationId: '01900000-0000-7000-8000-000000000009',
    tenantId: 't1',
    legs: [
      {
        userId: 'u1',
        walletId: 'w1',
        assetId: 'usdc',
        amount,
        destination: '0xspender',
        tokenAuthorization: { token: '0xusdc', bounded: true },
        ...leg,
      },
    ],
  });
  const allowing = (overrides: Partial<EvaluatedPolicy> = {}) =>
    policy({ activity: 'sign-typed-data', allowTokenAuthorizations: true, ...overrides });
  const refused = { decision: 'block', policyIds: [], refusal: 'token_authorization_refused' };

  it('are refused unless an enabled sign-typed-data policy that allows them selects each grant', () => {
    const holdAll = policy({
      activity: 'sign-typed-data',
      action: 'require_approval',
      approvers: { quorum: 1 },
    });
    expect(evaluate([], permit('1'))).toEqual(refused);
    expect(evaluate([holdAll], permit('1'))).toEqual(refused);
    expect(evaluate([allowing({ filters: { assetIds: ['dai'] } })], permit('1'))).toEqual(refused);
    const twoTokens: GovernedOperation = {
      ...permit('1'),
      legs: [...permit('1').legs, ...permit('1', { assetId: 'unknown' }).legs],
    };
    expect(evaluate([allowing({ filters: { assetIds: ['usdc'] } })], twoTokens)).toEqual(refused);
    // Typed data that authorizes nothing needs no such policy.
    expect(evaluate([], { ...permit('0'), legs: [{ ...OP.legs[0]!, amount: '0' }] })).toEqual({
      decision: 'allow',
    });
  });

  it('are then decided by every policy that applies, the allowing one included', () => {
    const hold = allowing({ action: 'require_approval', approvers: { quorum: 1 } });
    expect(evaluate([hold], permit('1'))).toMatchObject({
      decision: 'require_approval',
      policyIds: [hold.id],
    });
    const allowUnder = allowing({ rule: { kind: 'amount_above', assetId: 'usdc', amount: '10' } });
    expect(evaluate([allowUnder], permit('10'))).toEqual({ decision: 'allow' });
    expect(evaluate([allowUnder], permit('10.000001'))).toEqual({
      decision: 'block',
      policyIds: [allowUnder.id],
    });
  });

  it('match every amount rule when unlimited or in another asset: fail closed', () => {
    const unlimited = permit('1', { tokenAuthorization: { token: '0xusdc', bounded: false } });
    const unknown = permit('1', {
      assetId: 'unknown',
      tokenAuthorization: { token: '0xother', bounded: false },
    });
    const dai = permit('1', {
      assetId: 'dai',
      tokenAuthorization: { token: '0xdai', bounded: true },
    });
    const above = { kind: 'amount_above', assetId: 'usdc', amount: '1000' } as const;
    expect([permit('1'), unlimited, unknown, dai].map((op) => matches(above, op))).toEqual([
      false,
      true,
      true,
      true,
    ]);
    // A revocation (nothing granted) weighs nothing, in whatever asset.
    expect(matches(above, permit('0', { assetId: 'dai' }))).toBe(false);
    const velocity = {
      kind: 'velocity',
      window: '1h',
      per: 'wallet',
      assetId: 'usdc',
      maxAmount: '1000',
    } as const;
    expect([permit('1'), unlimited, dai].map((op) => matches(velocity, op))).toEqual([
      false,
      true,
      true,
    ]);
    const fiat = { kind: 'fiat_amount_above', amount: '1000' } as const;
    expect(matches(fiat, permit('1'), { fiatAmounts: ['1'] })).toBe(false);
    expect(matches(fiat, unlimited, { fiatAmounts: ['1'] })).toBe(true);
  });

  it("check the spender against the wallet's whitelist; an unknown spender matches", () => {
    const rule = { kind: 'destination_not_whitelisted' } as const;
    expect(matches(rule, permit('1'), { destinationVerified: [true] })).toBe(false);
    expect(matches(rule, permit('1'), { destinationVerified: [false] })).toBe(true);
    expect(matches(rule, permit('1', { destination: undefined }))).toBe(true);
  });
});

describe('purchases', () => {
  /** A buy of 0.4 ETH into w1 for 1000 in fiat, as trading asks about it. */
  const PURCHASE: GovernedOperation = {
    activity: 'purchase',
    operationId: '01900000-0000-7000-8000-000000000010',
    tenantId: 't1',
    legs: [{ userId: 'u1', walletId: 'w1', assetId: 'eth', amount: '0.4', fiatAmount: '1000' }],
  };

  it("are governed by purchase and any policies, never a withdrawal's", () => {
    expect(appliesTo(policy({ activity: 'purchase' }), PURCHASE)).toBe(true);
    expect(appliesTo(policy({ activity: 'any' }), PURCHASE)).toBe(true);
    expect(appliesTo(policy({ activity: 'withdrawal' }), PURCHASE)).toBe(false);
    expect(appliesTo(policy({ activity: 'purchase' }), OP)).toBe(false);
  });

  it('weigh their crypto amount and the fiat value they state', () => {
    expect(matches({ kind: 'amount_above', assetId: 'eth', amount: '0.39' }, PURCHASE)).toBe(true);
    expect(matches({ kind: 'amount_above', assetId: 'eth', amount: '0.4' }, PURCHASE)).toBe(false);
    const fiat = statedFiatAmounts(PURCHASE);
    expect(fiat).toEqual(['1000']);
    const above = (amount: string) =>
      matches({ kind: 'fiat_amount_above', amount }, PURCHASE, { fiatAmounts: fiat });
    expect([above('999.99'), above('1000')]).toEqual([true, false]);
    // A leg that states nothing is valued by trading (facts read by the service).
    expect(statedFiatAmounts(OP)).toBeUndefined();
  });

  it('have no outside destination: the whitelist rule never matches them', () => {
    const withDestination = {
      ...PURCHASE,
      legs: [{ ...PURCHASE.legs[0]!, destination: '0xdead' }],
    };
    expect(matches({ kind: 'destination_not_whitelisted' }, withDestination)).toBe(false);
  });
});

describe("an issuer's REQUEST activities", () => {
  /** A voucher for 5 unbounded units of the issuer's own token, to a holder. */
  const ACTIVITY: GovernedOperation = {
    activity: 'issuer-activity',
    operationId: '01900000-0000-7000-8000-000000000011',
    tenantId: 't1',
    legs: [
      {
        userId: 'issuer-1',
        walletId: 'issue-1',
        assetId: 'unknown',
        amount: '5',
        destination: '0xholder',
        tokenAuthorization: { token: '0xtoken', bounded: false },
      },
    ],
  };
  const issuerToken: AuthContext = {
    clientId: 'issuer:issuer-1',
    tenantId: 't1',
    audience: 'issuer',
    issuer: { id: 'issuer-1', version: 1 },
  };

  it('are governed by issuer-activity policies only: not any, which is operations on wallets', () => {
    expect(appliesTo(policy({ activity: 'issuer-activity' }), ACTIVITY)).toBe(true);
    expect(appliesTo(policy({ activity: 'any' }), ACTIVITY)).toBe(false);
    expect(appliesTo(policy({ activity: 'sign-typed-data' }), ACTIVITY)).toBe(false);
    expect(appliesTo(policy({ activity: 'issuer-activity' }), OP)).toBe(false);
    expect(
      appliesTo(
        policy({ activity: 'issuer-activity', filters: { userIds: ['issuer-2'] } }),
        ACTIVITY,
      ),
    ).toBe(false);
  });

  it("are not refused as a wallet's token authorization, but an unbounded grant matches every amount rule", () => {
    expect(evaluate([], ACTIVITY)).toEqual({ decision: 'allow' });
    const above = policy({
      activity: 'issuer-activity',
      rule: { kind: 'amount_above', assetId: 'usdc', amount: '1000000' },
    });
    expect(evaluate([above], ACTIVITY)).toEqual({ decision: 'block', policyIds: [above.id] });
    const bounded = {
      ...ACTIVITY,
      legs: [
        {
          ...ACTIVITY.legs[0]!,
          assetId: 'usdc',
          tokenAuthorization: { token: '0xusdc', bounded: true },
        },
      ],
    };
    expect(evaluate([above], bounded)).toEqual({ decision: 'allow' });
    expect(matches({ kind: 'destination_not_whitelisted' }, bounded)).toBe(false);
  });

  it("are signed with the issuer's key, and asked by the issuer service for its own issuer", () => {
    expect(ownerOf(ACTIVITY)).toBe('issuer:issuer-1');
    expect(ownerOf(OP)).toBe('w1');
    expect(checkAsker('issuer', issuerToken, [ACTIVITY])).toBe(issuerToken);
    const refusedBy = (app: string | undefined, auth: AuthContext, op: GovernedOperation) =>
      refusalOf(() => checkAsker(app, auth, [op])).code;
    const passes = (app: string, auth: AuthContext, op: GovernedOperation) =>
      checkAsker(app, auth, [op]) === auth;
    const client: AuthContext = { clientId: 'c1', tenantId: 't1', audience: 'general' };
    const purchase: GovernedOperation = {
      ...OP,
      activity: 'purchase',
      legs: [{ ...OP.legs[0]!, fiatAmount: '1' }],
    };
    expect([
      refusedBy('issuer', { ...issuerToken, issuer: { id: 'issuer-2', version: 1 } }, ACTIVITY),
      refusedBy('issuer', { ...issuerToken, tenantId: 't2' }, ACTIVITY),
      refusedBy('issuer', client, ACTIVITY),
      refusedBy('wallet-ledger', client, ACTIVITY),
      refusedBy('wallet-ledger', issuerToken, OP),
      refusedBy('wallet-ledger', client, purchase),
      refusedBy('trading', client, OP),
      refusedBy('signing', client, OP),
      refusedBy(undefined, client, OP),
      // Only a purchase states its fiat value.
      refusedBy('wallet-ledger', client, { ...OP, legs: [{ ...OP.legs[0]!, fiatAmount: '1' }] }),
    ]).toEqual(Array(10).fill('caller_not_allowed'));
    expect([passes('wallet-ledger', client, OP), passes('trading', client, purchase)]).toEqual([
      true,
      true,
    ]);
  });
});
