import { refusalOf } from '@custody/testing';
import type { WithdrawalStatus } from '@custody/contracts';
import { isAppError } from '@custody/errors';
import { sum } from '@custody/money';
import type { WithdrawalRow } from '../schema';
import {
  amountToHold,
  assertNotChainManaged,
  assertTransition,
  chainDebitMovements,
  chainRefund,
  checkMove,
  checkNewWithdrawal,
  debitEntry,
  debitRows,
  NEXT,
  planSettlement,
  withdrawalAnswer,
  withdrawalView,
} from './withdrawals.rules';

// Expected figures are written out by hand: a change in the arithmetic (or in @custody/money)
// shows here as a different string.

const refusal = refusalOf;

async function asyncRefusal(attempt: () => Promise<unknown>) {
  try {
    await attempt();
  } catch (error) {
    if (isAppError(error)) return error.toWire();
    throw error;
  }
  throw new Error('expected a refusal');
}

const STATUSES: WithdrawalStatus[] = [
  'pending_approval',
  'prepared',
  'broadcast',
  'confirmed',
  'failed',
  'cancelled',
];
const ALLOWED: [WithdrawalStatus, WithdrawalStatus][] = [
  ['prepared', 'broadcast'],
  ['prepared', 'failed'],
  ['prepared', 'cancelled'],
  ['broadcast', 'confirmed'],
  ['broadcast', 'failed'],
];
const allowed = (from: WithdrawalStatus, to: WithdrawalStatus) =>
  ALLOWED.some(([f, t]) => f === from && t === to);
const REFUSED = STATUSES.flatMap((from) =>
  STATUSES.filter((to) => !allowed(from, to)).map((to): [WithdrawalStatus, WithdrawalStatus] => [
    from,
    to,
  ]),
);

const EVM_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const MAX_18_PLUS_ONE =
  '115792089237316195423570985008687907853269984665640564039457.584007913129639936';
const MAX_18 = '115792089237316195423570985008687907853269984665640564039457.584007913129639935';

function row(overrides: Partial<WithdrawalRow> = {}): WithdrawalRow {
  return {
    id: '01900000-0000-7000-8000-000000000001',
    tenantId: 'tenant-a',
    userId: '01900000-0000-7000-8000-0000000000a1',
    walletId: '01900000-0000-7000-8000-0000000000b1',
    assetId: 'ETH',
    amount: '1.5',
    fee: '0',
    receiverAddress: EVM_ADDRESS,
    memo: null,
    userNote: null,
    externalReference: null,
    status: 'prepared',
    blockchainTransactionId: null,
    holdId: '01900000-0000-7000-8000-0000000000c1',
    network: null,
    fromAddress: null,
    chainNonce: null,
    gasLimit: null,
    maxFeePerGas: null,
    maxPriorityFeePerGas: null,
    feeCap: null,
    rawTx: null,
    feeReserve: '0',
    failureReason: null,
    signedTxId: null,
    approvalId: null,
    traceparent: null,
    tracestate: null,
    createdAt: new Date('2024-05-01T10:00:00.000Z'),
    updatedAt: new Date('2024-05-01T10:05:00.000Z'),
    ...overrides,
  };
}

describe('withdrawal state machine', () => {
  it('leads prepared to broadcast, failed or cancelled and broadcast to confirmed or failed', () => {
    expect(NEXT).toEqual({
      pending_approval: [],
      prepared: ['broadcast', 'failed', 'cancelled'],
      broadcast: ['confirmed', 'failed'],
      confirmed: [],
      failed: [],
      cancelled: [],
    });
  });

  it.each(ALLOWED)('allows %s → %s', (from, to) => {
    expect(() => assertTransition(from, to)).not.toThrow();
  });

  it('refuses the 31 other moves, terminal states and a held withdrawal included', () => {
    expect(REFUSED).toHaveLength(31);
    for (const to of STATUSES) {
      // Only its approval's outcome moves a held withdrawal, never an admin.
      expect(REFUSED).toContainEqual(['pending_approval', to]);
      expect(REFUSED).toContainEqual(['confirmed', to]);
      expect(REFUSED).toContainEqual(['failed', to]);
      expect(REFUSED).toContainEqual(['cancelled', to]);
    }
  });

  it.each(REFUSED)('refuses %s → %s with 409 illegal_transition', (from, to) => {
    expect(refusal(() => assertTransition(from, to))).toEqual({
      status: 409,
      code: 'illegal_transition',
      message: `A ${from} withdrawal cannot become ${to}.`,
    });
  });

  it.each(REFUSED)('checkMove refuses %s → %s the same way', (from, to) => {
    expect(
      refusal(() =>
        checkMove(row({ status: from }), { status: to, blockchainTransactionId: '0x1' }),
      ),
    ).toMatchObject({ status: 409, code: 'illegal_transition' });
  });

  it('leaves a withdrawal the chain adapter sends to the chain adapter', () => {
    expect(() => assertNotChainManaged({ network: null })).not.toThrow();
    expect(refusal(() => assertNotChainManaged({ network: 'sepolia' }))).toEqual({
      status: 409,
      code: 'chain_managed',
      message: 'The chain adapter is sending this withdrawal; it reports the outcome itself.',
    });
  });
});

describe('checkMove', () => {
  it('requires a transaction to broadcast', () => {
    expect(refusal(() => checkMove(row(), { status: 'broadcast' }))).toEqual({
      status: 400,
      code: 'validation_failed',
      message: 'The request is not valid.',
      errors: [{ path: 'body.blockchainTransactionId', message: 'Required to broadcast' }],
    });
  });

  it('keeps the stored transaction and fee unless the change names new ones', () => {
    const broadcast = row({ status: 'broadcast', blockchainTransactionId: '0xabc', fee: '0.01' });
    expect(checkMove(broadcast, { status: 'confirmed' })).toEqual({ txHash: '0xabc', fee: '0.01' });
    expect(
      checkMove(broadcast, { status: 'confirmed', blockchainTransactionId: '0xdef', fee: '0.02' }),
    ).toEqual({ txHash: '0xdef', fee: '0.02' });
    expect(checkMove(row(), { status: 'cancelled' })).toEqual({ txHash: null, fee: '0' });
  });
});

describe('a new withdrawal', () => {
  const eth = { id: 'ETH', chain: 'evm' as const, decimals: 18 };
  const usdc = { id: 'USDC', chain: 'evm' as const, decimals: 6 };
  const input = { assetId: 'USDC', receiverAddress: EVM_ADDRESS };

  it('accepts an address of the chain and an amount within the decimals, or no amount', async () => {
    await expect(checkNewWithdrawal({ ...input, amount: '12.345678' }, usdc)).resolves.toBe(
      undefined,
    );
    await expect(checkNewWithdrawal(input, usdc)).resolves.toBe(undefined);
    await expect(
      checkNewWithdrawal({ ...input, assetId: 'ETH', amount: MAX_18 }, eth),
    ).resolves.toBe(undefined);
  });

  it("refuses another asset than the wallet's", async () => {
    expect(await asyncRefusal(() => checkNewWithdrawal(input, eth))).toMatchObject({
      status: 400,
      code: 'validation_failed',
      errors: [{ path: 'body.assetId', message: 'The wallet holds ETH' }],
    });
  });

  it('refuses an address of no chain, or with a broken checksum', async () => {
    for (const receiverAddress of ['0x1234', '0x52908400098527886E0F7030069857D2E4169Ee7']) {
      expect(
        await asyncRefusal(() => checkNewWithdrawal({ ...input, receiverAddress }, usdc)),
      ).toMatchObject({
        status: 400,
        errors: [{ path: 'body.receiverAddress', message: 'Not a valid evm address' }],
      });
    }
  });

  it('refuses more decimals than the asset has, or more than a chain account holds', async () => {
    expect(
      await asyncRefusal(() => checkNewWithdrawal({ ...input, amount: '1.0000001' }, usdc)),
    ).toMatchObject({
      status: 400,
      errors: [{ path: 'body.amount', message: 'At most 6 decimal places for this asset' }],
    });
    expect(
      await asyncRefusal(() =>
        checkNewWithdrawal({ ...input, assetId: 'ETH', amount: MAX_18_PLUS_ONE }, eth),
      ),
    ).toMatchObject({
      status: 400,
      errors: [
        {
          path: 'body.amount',
          message: 'More than a chain account can hold (2^256 − 1 base units)',
        },
      ],
    });
  });
});

describe('amount to hold', () => {
  it('holds the requested amount, up to the whole available balance', () => {
    expect(amountToHold('0.1', '0.3')).toBe('0.1');
    expect(amountToHold('0.3', '0.3')).toBe('0.3');
  });

  it('holds the whole available balance without an amount', () => {
    expect(amountToHold(undefined, '7.000000000000000001')).toBe('7.000000000000000001');
  });

  it('refuses more than available, a zero amount and an empty wallet', () => {
    const insufficient = (available: string) => ({
      status: 400,
      code: 'insufficient_balance',
      message: 'Not enough available balance.',
      details: { available },
    });
    expect(refusal(() => amountToHold('0.300000000000000001', '0.3'))).toEqual(insufficient('0.3'));
    expect(refusal(() => amountToHold('0', '5'))).toEqual(insufficient('5'));
    expect(refusal(() => amountToHold(undefined, '0'))).toEqual(insufficient('0'));
  });
});

describe('settlement of a move', () => {
  const current = row({ amount: '1.5' });

  it('takes the fee out of the amount without the chain: confirmed debits, failed/cancelled release', () => {
    expect(planSettlement(current, { status: 'confirmed' }, '0.000021', 18)).toEqual({
      kind: 'debit',
    });
    expect(planSettlement(current, { status: 'confirmed' }, '1.5', 18)).toEqual({ kind: 'debit' });
    expect(planSettlement(current, { status: 'failed' }, '0', 18)).toEqual({ kind: 'release' });
    expect(planSettlement(current, { status: 'cancelled' }, '0', 18)).toEqual({ kind: 'release' });
    expect(planSettlement(current, { status: 'broadcast' }, '0', 18)).toEqual({ kind: 'none' });
  });

  it('refuses a fee above the amount without the chain, whatever the status', () => {
    for (const status of ['confirmed', 'cancelled', 'broadcast'] as const) {
      expect(
        refusal(() => planSettlement(current, { status }, '1.500000000000000001', 18)),
      ).toEqual({
        status: 400,
        code: 'validation_failed',
        message: 'The request is not valid.',
        errors: [{ path: 'body.fee', message: 'The fee cannot exceed the amount' }],
      });
    }
  });

  it('settles as the chain did: the whole amount left and the fee comes from the reserve', () => {
    const onChain = (status: WithdrawalStatus, fee: string) =>
      planSettlement(current, { status, onChain: true }, fee, 18);
    expect(onChain('confirmed', '0.000021')).toEqual({ kind: 'chainDebit', sent: '1.5' });
    // A fee above the amount is the reserve's business (chainRefund), not refused here.
    expect(onChain('confirmed', '2')).toEqual({ kind: 'chainDebit', sent: '1.5' });
    // Mined but reverted: nothing left, the fee was still paid.
    expect(onChain('failed', '0.000021')).toEqual({ kind: 'chainDebit', sent: '0' });
    expect(onChain('failed', '0')).toEqual({ kind: 'release' });
    expect(onChain('cancelled', '0')).toEqual({ kind: 'release' });
    expect(onChain('broadcast', '0')).toEqual({ kind: 'none' });
  });

  it("refuses a fee beyond the asset's decimals or a chain account's size", () => {
    expect(
      refusal(() => planSettlement(current, { status: 'confirmed' }, '0.0000001', 6)),
    ).toMatchObject({
      status: 400,
      errors: [{ path: 'body.fee', message: 'At most 6 decimal places for this asset' }],
    });
    expect(
      refusal(() =>
        planSettlement(current, { status: 'confirmed', onChain: true }, MAX_18_PLUS_ONE, 18),
      ),
    ).toMatchObject({
      status: 400,
      errors: [
        { path: 'body.fee', message: 'More than a chain account can hold (2^256 − 1 base units)' },
      ],
    });
  });
});

describe('journal entries of a debit', () => {
  const system = { external: 'acct-external', fees: 'acct-fees' };

  it('without the chain: the receiver gets amount − fee, the fee goes to fees', () => {
    const plan = debitEntry({ amount: '1.5' }, 'acct-wallet', '0.000021', system);
    expect(plan).toEqual({
      sent: '1.499979',
      movements: [
        { accountId: 'acct-wallet', amount: '-1.5', fromHold: true },
        { accountId: 'acct-external', amount: '1.499979' },
        { accountId: 'acct-fees', amount: '0.000021' },
      ],
    });
    expect(sum(plan.movements.map((m) => m.amount))).toBe('0');
  });

  it('without the chain: exact decimals, and no zero leg', () => {
    expect(debitEntry({ amount: '0.3' }, 'acct-wallet', '0.1', system).sent).toBe('0.2');
    expect(debitEntry({ amount: '2' }, 'acct-wallet', '0', system)).toEqual({
      sent: '2',
      movements: [
        { accountId: 'acct-wallet', amount: '-2', fromHold: true },
        { accountId: 'acct-external', amount: '2' },
      ],
    });
    expect(debitEntry({ amount: '0.5' }, 'acct-wallet', '0.5', system)).toEqual({
      sent: '0',
      movements: [
        { accountId: 'acct-wallet', amount: '-0.5', fromHold: true },
        { accountId: 'acct-fees', amount: '0.5' },
      ],
    });
  });

  it('on chain: the unused fee reserve returns to the wallet', () => {
    // 1 ETH held with a reserve of 21,000 gas × 21 gwei; the network took 21,000 × 1 gwei.
    expect(chainRefund('1.000441', '1', '0.000021')).toBe('0.00042');
    expect(chainRefund('0.3', '0.1', '0.2')).toBe('0');
    // Reverted: nothing left, the fee was paid, the rest of the hold returns.
    expect(chainRefund('1.000441', '0', '0.000021')).toBe('1.00042');
  });

  it('on chain: a fee above its reserve is a server fault', () => {
    expect(refusal(() => chainRefund('1.000441', '1', '0.000442'))).toEqual({
      status: 500,
      code: 'internal_error',
      message: 'An unexpected error occurred.',
    });
  });

  it('on chain: the whole hold leaves, the refund comes back, sent and fee are credited', () => {
    const hold = { accountId: 'acct-wallet', amount: '1.000441' };
    const movements = chainDebitMovements(hold, '1', '0.000021', '0.00042', system);
    expect(movements).toEqual([
      { accountId: 'acct-wallet', amount: '-1.000441', fromHold: true },
      { accountId: 'acct-wallet', amount: '0.00042' },
      { accountId: 'acct-external', amount: '1' },
      { accountId: 'acct-fees', amount: '0.000021' },
    ]);
    expect(sum(movements.map((m) => m.amount))).toBe('0');
  });

  it('on chain: no zero leg (no refund; a reverted transaction sends nothing)', () => {
    const hold = { accountId: 'acct-wallet', amount: '1.000441' };
    expect(chainDebitMovements(hold, '1', '0.000441', '0', system)).toEqual([
      { accountId: 'acct-wallet', amount: '-1.000441', fromHold: true },
      { accountId: 'acct-external', amount: '1' },
      { accountId: 'acct-fees', amount: '0.000441' },
    ]);
    expect(chainDebitMovements(hold, '0', '0.000021', '1.00042', system)).toEqual([
      { accountId: 'acct-wallet', amount: '-1.000441', fromHold: true },
      { accountId: 'acct-wallet', amount: '1.00042' },
      { accountId: 'acct-fees', amount: '0.000021' },
    ]);
  });
});

describe('read model of a debit', () => {
  const w = row({ amount: '1.5' });
  const wallet = { address: '0xfrom', balance: '3.25' };
  const common = {
    tenantId: 'tenant-a',
    userId: w.userId,
    walletId: w.walletId,
    assetId: 'ETH',
    operationId: w.id,
    movement: 'out',
    status: 'confirmed',
    walletBalanceAfter: '3.25',
    sender: { walletId: w.walletId, address: '0xfrom', walletBalance: '3.25', userId: w.userId },
    txHash: '0xabc',
  };

  it('writes what left and the network fee', () => {
    expect(debitRows(w, wallet, '1.499979', '0.000021', '0xabc')).toEqual([
      {
        ...common,
        type: 'withdrawal',
        movementSubtype: 'external',
        amount: '1.499979',
        receiver: { address: EVM_ADDRESS },
      },
      {
        ...common,
        type: 'fee',
        movementSubtype: 'fee',
        amount: '0.000021',
        receiver: { address: 'network-fee' },
      },
    ]);
  });

  it('writes no row for a zero amount', () => {
    expect(debitRows(w, wallet, '1.5', '0', '0xabc').map((r) => r.type)).toEqual(['withdrawal']);
    expect(debitRows(w, wallet, '0', '0.000021', '0xabc').map((r) => r.type)).toEqual(['fee']);
  });
});

describe('withdrawal view', () => {
  it('shows the row with its symbol and movements, optional fields only when set', () => {
    expect(withdrawalView(row(), 'ETH', ['t1'])).toEqual({
      id: '01900000-0000-7000-8000-000000000001',
      createdAt: '2024-05-01T10:00:00.000Z',
      updatedAt: '2024-05-01T10:05:00.000Z',
      transactions: ['t1'],
      amount: '1.5',
      fee: '0',
      userId: '01900000-0000-7000-8000-0000000000a1',
      walletId: '01900000-0000-7000-8000-0000000000b1',
      receiverAddress: EVM_ADDRESS,
      asset: 'ETH',
      assetId: 'ETH',
      blockchainTransactionId: null,
      status: 'prepared',
    });
    expect(
      withdrawalView(row({ memo: 'm', userNote: 'n', externalReference: 'x' }), 'ETH', []),
    ).toMatchObject({ memo: 'm', userNote: 'n', externalReference: 'x', transactions: [] });
  });

  it('reads back as an Idempotency-Key answer as it was stored, optional fields kept', () => {
    const stored = (view: unknown) => JSON.parse(JSON.stringify(view));
    for (const view of [
      withdrawalView(row(), 'ETH', ['t1']),
      withdrawalView(
        row({ status: 'broadcast', blockchainTransactionId: '0xabc', memo: 'm', approvalId: 'a' }),
        'ETH',
        [],
      ),
    ])
      expect(withdrawalAnswer.parse(stored(view))).toEqual(view);
    const view = withdrawalView(row(), 'ETH', []);
    expect(() => withdrawalAnswer.parse({ ...view, status: 'lost' })).toThrow();
    expect(() => withdrawalAnswer.parse({ ...view, amount: 1.5 })).toThrow();
  });
});
