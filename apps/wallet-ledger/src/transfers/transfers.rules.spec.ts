import { refusalOf } from '@custody/testing';
import type { AuthContext, CreateTransferRequest, RequestedTransaction } from '@custody/contracts';
import type { AccountState } from '../ledger/ledger.rules';
import {
  decideTransfers,
  type Parties,
  planTransfer,
  resolveTransfer,
  transferAnswer,
  type WalletInfo,
} from './transfers.rules';

const caller: AuthContext = { clientId: 'c1', tenantId: 't1', audience: 'general' };
const admin: AuthContext = { clientId: 'a', tenantId: 'admin', audience: 'admin' };
const now = new Date('2026-11-26T10:00:00Z');

function wallet(id: string, userId: string, over: Partial<WalletInfo> = {}): WalletInfo {
  return {
    id,
    userId,
    tenantId: 't1',
    assetId: 'eth',
    address: `0x${id}`,
    accountId: `acc-${id}`,
    decimals: 18,
    ...over,
  };
}

function parties(balances: Record<string, string>, wallets: WalletInfo[] = []): Parties {
  const all = [wallet('w1', 'u1'), wallet('w2', 'u2'), wallet('w3', 'u3'), ...wallets];
  const accounts = new Map<string, AccountState>(
    all.map((w) => [
      w.accountId,
      {
        id: w.accountId,
        kind: 'wallet',
        assetId: w.assetId,
        walletId: w.id,
        balance: balances[w.id] ?? '0',
        availableBalance: balances[w.id] ?? '0',
      },
    ]),
  );
  return {
    wallets: new Map(all.map((w) => [w.id, w])),
    users: new Map([
      ['u1', { tenantId: 't1', blocked: false }],
      ['u2', { tenantId: 't1', blocked: false }],
      ['u3', { tenantId: 't1', blocked: false }],
      ['ub', { tenantId: 't1', blocked: true }],
      ['ux', { tenantId: 't2', blocked: false }],
    ]),
    accounts,
  };
}

const leg = (
  from: [string, string],
  to: [string, string],
  amount: string,
  assetId = 'eth',
): RequestedTransaction => ({
  assetId,
  senderUserId: from[0],
  senderWalletId: from[1],
  receiverUserId: to[0],
  receiverWalletId: to[1],
  amount,
});

const request = (...legs: RequestedTransaction[]): CreateTransferRequest => ({
  requestedTransactions: legs,
});

const refusal = (run: () => unknown) => {
  const { status, code, errors } = refusalOf(run);
  return { status, code, paths: errors?.map((x) => x.path) };
};

describe('resolveTransfer', () => {
  const p = parties({ w1: '10' });

  it('pairs every leg with its sender and receiver wallets', () => {
    const resolved = resolveTransfer(caller, request(leg(['u1', 'w1'], ['u2', 'w2'], '1')), p);
    expect(resolved.map((r) => [r.sender.id, r.receiver.id])).toEqual([['w1', 'w2']]);
  });

  it('answers 404 for a sender the caller cannot see, before checking blocks', () => {
    const refused = (...legs: RequestedTransaction[]) =>
      refusal(() => resolveTransfer(caller, request(...legs), p));
    expect(refused(leg(['ux', 'w1'], ['u2', 'w2'], '1'))).toMatchObject({ status: 404 });
    expect(refused(leg(['nobody', 'w1'], ['u2', 'w2'], '1'))).toMatchObject({ status: 404 });
    // A blocked sender on one leg and an unknown one on the next: the unknown one answers.
    expect(
      refused(leg(['ub', 'w1'], ['u2', 'w2'], '1'), leg(['nobody', 'w1'], ['u2', 'w2'], '1')),
    ).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('refuses a blocked sender with 403 user_blocked', () => {
    expect(
      refusal(() => resolveTransfer(caller, request(leg(['ub', 'w1'], ['u2', 'w2'], '1')), p)),
    ).toEqual({
      status: 403,
      code: 'user_blocked',
      paths: undefined,
    });
  });

  it('names the field of the leg at fault', () => {
    const other = parties({}, [
      wallet('wu', 'u2', { assetId: 'usdc', decimals: 6 }),
      wallet('wt', 'ux', { tenantId: 't2' }),
    ]);
    const cases: [RequestedTransaction[], string][] = [
      [[leg(['u1', 'w2'], ['u2', 'w3'], '1')], 'body.requestedTransactions.0.senderWalletId'],
      [[leg(['u1', 'w1'], ['u2', 'w3'], '1')], 'body.requestedTransactions.0.receiverWalletId'],
      [[leg(['u1', 'w1'], ['ux', 'wt'], '1')], 'body.requestedTransactions.0.receiverWalletId'],
      [[leg(['u1', 'w1'], ['u2', 'wu'], '1')], 'body.requestedTransactions.0.assetId'],
      [[leg(['u1', 'w1'], ['u1', 'w1'], '1')], 'body.requestedTransactions.0.receiverWalletId'],
      [
        [leg(['u1', 'w1'], ['u2', 'w2'], '0.0000000000000000001')],
        'body.requestedTransactions.0.amount',
      ],
      [[leg(['u1', 'w1'], ['u2', 'w2'], '0')], 'body.requestedTransactions.0.amount'],
      [
        [leg(['u1', 'w1'], ['u2', 'w2'], '1'), leg(['u1', 'w1'], ['u2', 'w2'], '0')],
        'body.requestedTransactions.1.amount',
      ],
      [
        [leg(['u1', 'w1'], ['u2', 'w2'], '1'.padEnd(61, '0'))],
        'body.requestedTransactions.0.amount',
      ],
    ];
    for (const [legs, path] of cases) {
      expect(refusal(() => resolveTransfer(caller, request(...legs), other))).toEqual({
        status: 400,
        code: 'validation_failed',
        paths: [path],
      });
    }
  });

  it('lets an admin move between wallets of any tenant', () => {
    const p2 = parties({}, [wallet('wt', 'ux', { tenantId: 't2' })]);
    expect(resolveTransfer(admin, request(leg(['u1', 'w1'], ['ux', 'wt'], '1')), p2)).toHaveLength(
      1,
    );
  });

  it('keeps a token bound to one user to that user as sender', () => {
    const bound: AuthContext = { ...caller, userId: 'u2' };
    expect(
      refusal(() => resolveTransfer(bound, request(leg(['u1', 'w1'], ['u2', 'w2'], '1')), p))
        .status,
    ).toBe(403);
  });

  it('raises the catalog fault of a wallet whose asset is unknown (a 500, not 0 decimals)', () => {
    const fault = new Error('catalog down');
    const p2 = parties({}, [wallet('wz', 'u3', { catalogError: fault, decimals: Number.NaN })]);
    expect(() =>
      resolveTransfer(caller, request(leg(['u1', 'w1'], ['u3', 'wz'], '1')), p2),
    ).toThrow(fault);
  });
});

const TRANSFER_ID = '01900000-0000-7000-8000-00000000000a';

describe('planTransfer', () => {
  it('lets each leg see the balance the earlier legs left, and writes one read-model row per side', () => {
    const p = parties({ w1: '1' });
    const legs = request(
      leg(['u1', 'w1'], ['u2', 'w2'], '1'),
      leg(['u2', 'w2'], ['u3', 'w3'], '0.25'),
    );
    const planned = planTransfer(
      { id: TRANSFER_ID, caller, request: legs },
      resolveTransfer(caller, legs, p),
      p.accounts,
      now,
    );
    expect(planned.plans.map((plan) => [...plan.after.values()].map((a) => a.balance))).toEqual([
      ['0', '1'],
      ['0.75', '0.25'],
    ]);
    expect(planned.movements.map((m) => [m.walletId, m.movement, m.walletBalanceAfter])).toEqual([
      ['w1', 'out', '0'],
      ['w2', 'in', '1'],
      ['w2', 'out', '0.75'],
      ['w3', 'in', '0.25'],
    ]);
    // Each side sees its own balance, never the counterparty's.
    expect(planned.movements[0]?.receiver.walletBalance).toBeUndefined();
    expect(planned.view).toMatchObject({
      status: 'approved',
      requestedTransactions: legs.requestedTransactions,
      transactions: [{ amount: '1' }, { amount: '0.25' }],
    });
    expect(planned.transfer.id).toBe(TRANSFER_ID);
    expect(planned.legRows.every((l) => l.transferId === TRANSFER_ID)).toBe(true);
    // Its view as an Idempotency-Key's answer, read back as it was stored.
    expect(transferAnswer.parse(JSON.parse(JSON.stringify(planned.view)))).toEqual(planned.view);
    expect(() => transferAnswer.parse({ ...planned.view, transactions: [{ id: 7 }] })).toThrow();
  });

  it('refuses the whole transfer with the index of the leg that overdraws', () => {
    const p = parties({ w1: '1' });
    const legs = request(
      leg(['u1', 'w1'], ['u2', 'w2'], '0.6'),
      leg(['u1', 'w1'], ['u3', 'w3'], '0.6'),
    );
    let error: unknown;
    try {
      planTransfer(
        { id: TRANSFER_ID, caller, request: legs },
        resolveTransfer(caller, legs, p),
        p.accounts,
        now,
      );
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({
      status: 400,
      code: 'insufficient_balance',
      details: { leg: 1, senderWalletId: 'w1' },
    });
  });
});

describe('decideTransfers', () => {
  it('decides a batch in order: a later transfer sees what the earlier accepted ones left', () => {
    const p = parties({ w1: '1' });
    const items = [
      { id: TRANSFER_ID, caller, request: request(leg(['u1', 'w1'], ['u2', 'w2'], '0.7')) },
      { id: TRANSFER_ID, caller, request: request(leg(['u1', 'w1'], ['u2', 'w2'], '0.7')) },
      { id: TRANSFER_ID, caller, request: request(leg(['u1', 'w1'], ['u3', 'w3'], '0.3')) },
    ];
    const { outcomes, accepted, state } = decideTransfers(items, p, now);
    expect(outcomes.map((o) => (o.ok ? 'ok' : o.error.code))).toEqual([
      'ok',
      'insufficient_balance',
      'ok',
    ]);
    expect(accepted.map((a) => a.item)).toEqual([items[0], items[2]]);
    expect(state.get('acc-w1')?.balance).toBe('0');
    expect(state.get('acc-w2')?.balance).toBe('0.7');
    expect(state.get('acc-w3')?.balance).toBe('0.3');
  });

  it('refuses one transfer of a batch without touching the others', () => {
    const p = parties({ w1: '1' });
    const items = [
      { id: TRANSFER_ID, caller, request: request(leg(['ub', 'w1'], ['u2', 'w2'], '1')) },
      { id: TRANSFER_ID, caller, request: request(leg(['u1', 'w1'], ['u2', 'w2'], '1')) },
    ];
    const { outcomes } = decideTransfers(items, p, now);
    expect(outcomes.map((o) => (o.ok ? 'ok' : o.error.code))).toEqual(['user_blocked', 'ok']);
  });

  it('throws what is not a refusal (a server fault fails the batch)', () => {
    const fault = new Error('catalog down');
    const p = parties({ w1: '1' }, [wallet('wz', 'u3', { catalogError: fault })]);
    expect(() =>
      decideTransfers(
        [{ id: TRANSFER_ID, caller, request: request(leg(['u1', 'w1'], ['u3', 'wz'], '1')) }],
        p,
        now,
      ),
    ).toThrow(fault);
  });
});
