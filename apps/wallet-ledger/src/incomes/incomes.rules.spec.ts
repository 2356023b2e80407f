import { refusalOf } from '@custody/testing';
import { sum } from '@custody/money';
import type { IncomeRow } from '../schema';
import {
  assertIncomeTransition,
  checkIncomeAmount,
  creditMovements,
  depositRow,
  incomeView,
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
