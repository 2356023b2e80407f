import { refusalOf } from '@custody/testing';
import { sum } from '@custody/money';
import type { IncomeRow } from '../schema';
import {
  assertIncomeTransition,
  assertReorgResolvable,
  canFlagReorged,
  checkIncomeAmount,
  creditMovements,
  depositRow,
  incomeAnswer,
  incomeView,
  reorgHoldAmount,
  reversalMovements,
  reversalRow,
} from './incomes.rules';

const refusal = refusalOf;

function income(overrides: Partial<IncomeRow> = {}): IncomeRow {
  return {
    id: '01900000-0000-7000-8000-000000000001',
    tenantId: 'tenant-a',
    userId: '01900000-0000-7000-8000-0000000000a1',
    walletId: '01900000-0000-7000-8000-0000000000b1',
    assetId: 'USDC',
    amount: '12.000001',
    blockchainTransactionId: '0xabc',
    senderAddress: '0xsender',
    transactionTimestamp: new Date('2024-05-01T09:00:00.000Z'),
    status: 'pending',
    rateId: null,
    network: null,
    logIndex: null,
    logPosition: null,
    blockNumber: null,
    blockHash: null,
    failureReason: null,
    reorgedAt: null,
    reorgHoldId: null,
    reorgHeld: null,
    reorgResolution: null,
    reorgResolvedAt: null,
    createdAt: new Date('2024-05-01T10:00:00.000Z'),
    updatedAt: new Date('2024-05-01T10:05:00.000Z'),
    ...overrides,
  };
}

describe('income transitions', () => {
  it.each(['confirmed', 'failed'] as const)('a pending income may become %s', (to) => {
    expect(() => assertIncomeTransition('pending', to)).not.toThrow();
  });

  const settled: ('confirmed' | 'failed')[] = ['confirmed', 'failed'];
  it.each(settled.flatMap((from) => settled.map((to) => [from, to] as const)))(
    'a %s income cannot become %s (409 illegal_transition)',
    (from, to) => {
      expect(refusal(() => assertIncomeTransition(from, to))).toEqual({
        status: 409,
        code: 'illegal_transition',
        message: `An income in status ${from} cannot become ${to}.`,
      });
    },
  );
});

describe('income amount', () => {
  it("accepts up to the asset's decimals and a chain account's size", () => {
    expect(() => checkIncomeAmount('12.000001', 6)).not.toThrow();
    expect(() => checkIncomeAmount('1', 0)).not.toThrow();
  });

  it('refuses more decimals than the asset has', () => {
    expect(refusal(() => checkIncomeAmount('12.0000001', 6))).toEqual({
      status: 400,
      code: 'validation_failed',
      message: 'The request is not valid.',
      errors: [{ path: 'body.amount', message: 'At most 6 decimal places for this asset' }],
    });
  });

  it('refuses more than 2^256 − 1 base units', () => {
    const max0 = '115792089237316195423570985008687907853269984665640564039457584007913129639935';
    expect(() => checkIncomeAmount(max0, 0)).not.toThrow();
    expect(
      refusal(() =>
        checkIncomeAmount(
          '115792089237316195423570985008687907853269984665640564039457584007913129639936',
          0,
        ),
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

describe('credit of a confirmed income', () => {
  it('moves the whole amount from external to the wallet', () => {
    const movements = creditMovements({ amount: '12.000001' }, 'acct-external', 'acct-wallet');
    expect(movements).toEqual([
      { accountId: 'acct-external', amount: '-12.000001' },
      { accountId: 'acct-wallet', amount: '12.000001' },
    ]);
    expect(sum(movements.map((m) => m.amount))).toBe('0');
  });

  it('writes the deposit row with the balance after it', () => {
    const row = income();
    expect(depositRow(row, { address: '0xwallet', balance: '20.5' })).toEqual({
      tenantId: 'tenant-a',
      userId: row.userId,
      walletId: row.walletId,
      assetId: 'USDC',
      operationId: row.id,
      type: 'deposit',
      movement: 'in',
      movementSubtype: 'external',
      status: 'confirmed',
      amount: '12.000001',
      walletBalanceAfter: '20.5',
      sender: { address: '0xsender' },
      receiver: {
        walletId: row.walletId,
        address: '0xwallet',
        walletBalance: '20.5',
        userId: row.userId,
      },
      txHash: '0xabc',
    });
  });
});

describe('income view', () => {
  it('shows the row, the rate only when set', () => {
    expect(incomeView(income())).toEqual({
      id: '01900000-0000-7000-8000-000000000001',
      createdAt: '2024-05-01T10:00:00.000Z',
      updatedAt: '2024-05-01T10:05:00.000Z',
      userId: '01900000-0000-7000-8000-0000000000a1',
      walletId: '01900000-0000-7000-8000-0000000000b1',
      assetId: 'USDC',
      amount: '12.000001',
      blockchainTransactionId: '0xabc',
      senderAddress: '0xsender',
      status: 'pending',
      transactionTimestamp: '2024-05-01T09:00:00.000Z',
    });
    expect(incomeView(income({ rateId: 'r1' }))).toMatchObject({ rateId: 'r1' });
  });
});

describe('a confirmed deposit reorged off the chain', () => {
  it.each([
    ['the whole amount while the wallet still has it', '12', '30', '12'],
    ['what is left when part of the credit was spent', '12', '5.5', '5.5'],
    ['nothing when the wallet has nothing available', '12', '0', '0'],
    ['exactly the amount when available equals it', '12', '12', '12'],
  ])('holds %s', (_what, amount, available, held) => {
    expect(reorgHoldAmount(amount, available)).toBe(held);
  });

  it('is flagged only while confirmed and not flagged already', () => {
    expect(canFlagReorged(income({ status: 'confirmed' }))).toBe(true);
    expect(canFlagReorged(income({ status: 'pending' }))).toBe(false);
    expect(canFlagReorged(income({ status: 'failed' }))).toBe(false);
    expect(
      canFlagReorged(income({ status: 'confirmed', reorgedAt: new Date('2024-05-02T00:00:00Z') })),
    ).toBe(false);
  });

  it('is resolved once, and only when it was reorged', () => {
    const reorged = income({ status: 'confirmed', reorgedAt: new Date('2024-05-02T00:00:00Z') });
    expect(() => assertReorgResolvable(reorged, 'reversed')).not.toThrow();
    expect(
      refusal(() => assertReorgResolvable(income({ status: 'confirmed' }), 'released')),
    ).toMatchObject({ status: 409, code: 'illegal_transition' });
    expect(
      refusal(() => assertReorgResolvable({ ...reorged, reorgResolution: 'released' }, 'reversed')),
    ).toMatchObject({ status: 409, code: 'illegal_transition' });
  });

  it('reverses only the held part, wallet to external, from the hold', () => {
    const movements = reversalMovements('5.5', 'external', 'wallet');
    expect(movements).toEqual([
      { accountId: 'wallet', amount: '-5.5', fromHold: true },
      { accountId: 'external', amount: '5.5' },
    ]);
    expect(sum(movements.map((m) => m.amount))).toBe('0');
    expect(reversalMovements('0', 'external', 'wallet')).toEqual([]);
  });

  it('records the reversal as a deposit movement out, back to the sender', () => {
    const row = reversalRow(income({ status: 'confirmed' }), '5.5', {
      address: '0xwallet',
      balance: '6.500001',
    });
    expect(row).toMatchObject({
      type: 'deposit',
      movement: 'out',
      movementSubtype: 'reversal',
      amount: '5.5',
      walletBalanceAfter: '6.500001',
      sender: { walletId: income().walletId, address: '0xwallet' },
      receiver: { address: '0xsender' },
    });
  });

  it('shows the reorg and its resolution in the view, and nothing for a deposit never reorged', () => {
    expect(incomeView(income({ status: 'confirmed' }))).not.toHaveProperty('reorged');
    const view = incomeView(
      income({
        status: 'confirmed',
        reorgedAt: new Date('2024-05-02T00:00:00.000Z'),
        reorgHeld: '5.5',
        reorgResolution: 'reversed',
        reorgResolvedAt: new Date('2024-05-03T00:00:00.000Z'),
      }),
    );
    expect(view).toMatchObject({
      reorged: true,
      reorg: {
        detectedAt: '2024-05-02T00:00:00.000Z',
        held: '5.5',
        resolution: 'reversed',
        resolvedAt: '2024-05-03T00:00:00.000Z',
      },
    });
    // As an Idempotency-Key's answer, read back as it was stored (the reorg kept).
    expect(incomeAnswer.parse(JSON.parse(JSON.stringify(view)))).toEqual(view);
    expect(() => incomeAnswer.parse({ ...view, status: 'reorged' })).toThrow();
  });
});
