import { LEDGER_RPC, SIGNATURE_RPC, WALLET_RPC } from '@custody/contracts';
import { erc20TransferData } from '@custody/intents';
import {
  type ChainTx,
  candidatesFor,
  classify,
  type HeldSignedTx,
  type KnownSend,
  nonceKey,
  READS_DURING_RESTORE,
  recognise,
  restoreReason,
  unknownPending,
  type UnsentWithdrawal,
  withdrawalPayment,
} from './restore.rules';
import {
  resolutionRefusal,
  signedItemResolutionRefusal,
  signedResolutionRefusal,
} from './resolutions.rules';

const A = '0x1111111111111111111111111111111111111111';
const B = '0x2222222222222222222222222222222222222222';
const STATION = '0x5555555555555555555555555555555555555555';
const RECEIVER = '0x9999999999999999999999999999999999999999';
const TOKEN = '0x7777777777777777777777777777777777777777';

const one = { systemIdentifier: '7713312255221811336', timeline: 1 };
const restored = { ...one, timeline: 2 };
const copy = { systemIdentifier: '9000000000000000001', timeline: 1 };

describe('which database wallet-ledger finds at start', () => {
  it('is its own on a first start (recorded) and on every start after', () => {
    expect(recognise(one, undefined, undefined)).toEqual({ state: 'normal', record: true });
    expect(recognise(one, one, undefined)).toEqual({ state: 'normal', record: false });
  });

  it("is another one after a point-in-time recovery's new timeline, or on a copy", () => {
    expect(recognise(restored, one, undefined)).toMatchObject({ state: 'unrecognised' });
    expect(recognise(copy, one, undefined)).toMatchObject({ state: 'unrecognised' });
  });

  it('is restoring once the operator opened a restore on this very database', () => {
    const open = { id: 'e1', database: restored };
    expect(recognise(restored, one, open)).toEqual({ state: 'restoring', epochId: 'e1' });
    // A restore opened on the same database as recorded (a logical copy loaded in place).
    expect(recognise(one, one, { id: 'e2', database: one })).toEqual({
      state: 'restoring',
      epochId: 'e2',
    });
  });

  it('is not the open restore when the database changed again since it was opened', () => {
    const open = { id: 'e1', database: restored };
    expect(recognise({ ...one, timeline: 3 }, one, open)).toMatchObject({ state: 'unrecognised' });
  });
});

describe('what may be called while a restore is not done', () => {
  it('answers reads and refuses every movement of money', () => {
    for (const read of [LEDGER_RPC.getWithdrawal, WALLET_RPC.listWallets, LEDGER_RPC.checkLedger])
      expect(READS_DURING_RESTORE.has(read)).toBe(true);
    for (const write of [
      LEDGER_RPC.createTransfer,
      LEDGER_RPC.createWithdrawal,
      LEDGER_RPC.updateWithdrawal,
      LEDGER_RPC.settlePurchase,
      LEDGER_RPC.speedUpWithdrawal,
      SIGNATURE_RPC.sign,
      WALLET_RPC.createWallet,
      WALLET_RPC.deleteWallet,
    ])
      expect(READS_DURING_RESTORE.has(write)).toBe(false);
  });
});

function tx(overrides: Partial<ChainTx>): ChainTx {
  return {
    hash: '0xaa',
    from: A,
    nonce: 7,
    to: RECEIVER,
    value: 10n,
    data: '0x',
    blockNumber: 100,
    ...overrides,
  };
}

const sentAt7: KnownSend = {
  from: A,
  nonce: 7,
  hashes: ['0xAA', '0xbb'],
  withdrawalId: 'w7',
  kind: 'withdrawal',
  payment: { to: RECEIVER, value: 10n, data: '0x' },
};
const topUpAt3: KnownSend = {
  from: STATION,
  nonce: 3,
  hashes: ['0xcc'],
  withdrawalId: 'w9',
  kind: 'top-up',
};
const known = new Map<string, KnownSend>([
  [nonceKey(A, 7), sentAt7],
  [nonceKey(STATION, 3), topUpAt3],
]);
const context = {
  station: STATION,
  custody: new Set([A.toLowerCase(), B.toLowerCase()]),
  unsent: [
    {
      withdrawalId: 'held',
      from: A,
      payment: { to: RECEIVER, value: 25n, data: '0x' },
      status: 'pending_approval' as const,
    },
    {
      withdrawalId: 'other',
      from: B,
      payment: { to: RECEIVER, value: 25n, data: '0x' },
      status: 'pending_approval' as const,
    },
  ],
};

describe('a chain transaction from a custody address after a restore', () => {
  it('is known when the books stored its hash at its nonce (any case)', () => {
    expect(classify(tx({}), known, context)).toEqual({
      kind: 'known',
      withdrawalId: 'w7',
      hash: '0xAA',
      send: 'withdrawal',
    });
    expect(classify(tx({ from: STATION, nonce: 3, hash: '0xCC' }), known, context)).toMatchObject({
      kind: 'known',
      send: 'top-up',
      withdrawalId: 'w9',
    });
  });

  it('is a speed-up or a cancel when another transaction at a held nonce pays the same or nothing', () => {
    expect(classify(tx({ hash: '0xdd' }), known, context)).toEqual({
      kind: 'replacement',
      withdrawalId: 'w7',
      attempt: 'speed-up',
    });
    expect(classify(tx({ hash: '0xee', to: A, value: 0n }), known, context)).toEqual({
      kind: 'replacement',
      withdrawalId: 'w7',
      attempt: 'cancel',
    });
  });

  it('is unmatched when a held nonce was used to pay something else', () => {
    expect(classify(tx({ hash: '0xff', value: 11n }), known, context)).toMatchObject({
      kind: 'unmatched',
      candidates: [],
    });
  });

  it('is unmatched at a nonce never reserved, proposing the one restored withdrawal it pays exactly', () => {
    const paid = classify(tx({ hash: '0x01', nonce: 8, value: 25n }), known, context);
    expect(paid).toMatchObject({ kind: 'unmatched', candidates: ['held'] });
    // Not from its wallet's address: no candidate.
    expect(
      classify(tx({ hash: '0x02', from: B, nonce: 0, value: 25n }), known, {
        ...context,
        unsent: context.unsent.slice(0, 1),
      }),
    ).toMatchObject({ kind: 'unmatched', candidates: [] });
    // Two that pay the same: both named, neither chosen.
    expect(
      classify(tx({ hash: '0x03', nonce: 8, value: 25n }), known, {
        ...context,
        unsent: [...context.unsent, { ...context.unsent[0]!, withdrawalId: 'twin' }],
      }),
    ).toMatchObject({ kind: 'unmatched', candidates: ['held', 'twin'] });
  });

  it('is a top-up when the gas station sends plain coin to a custody address, else unmatched', () => {
    expect(classify(tx({ from: STATION, nonce: 4, to: B, value: 5n }), known, context)).toEqual({
      kind: 'top-up',
    });
    expect(
      classify(tx({ from: STATION, nonce: 4, to: RECEIVER, value: 5n }), known, context),
    ).toMatchObject({ kind: 'unmatched' });
  });
});

describe('what a withdrawal pays on chain', () => {
  it('is its amount to its receiver in the coin, or the token contract’s transfer', () => {
    const w = { receiverAddress: RECEIVER, units: 1_500_000n };
    expect(withdrawalPayment(w, undefined)).toEqual({
      to: RECEIVER,
      value: 1_500_000n,
      data: '0x',
    });
    const token = withdrawalPayment(w, TOKEN);
    expect(token).toEqual({ to: TOKEN, value: 0n, data: erc20TransferData(RECEIVER, 1_500_000n) });
    expect(
      candidatesFor(
        tx({ to: TOKEN, value: 0n, data: token.data.toUpperCase().replace('0X', '0x') }),
        [{ withdrawalId: 't', from: A, payment: token, status: 'prepared' }],
      ),
    ).toEqual(['t']);
  });
});

describe('nonces in the node pool after a restore', () => {
  it('names those no stored transaction holds', () => {
    expect(unknownPending(A, 6, 9, known)).toEqual([6, 8]);
    expect(unknownPending(A, 7, 7, known)).toEqual([]);
  });
});

describe("an operator's resolution of an unmatched transaction", () => {
  const pays25 = { to: RECEIVER, value: 25n, data: '0x' };
  const unsent = (id: string, status: UnsentWithdrawal['status'], from = A): UnsentWithdrawal => ({
    withdrawalId: id,
    from,
    payment: pays25,
    status,
  });

  it('is booked on the one restored withdrawal it pays exactly, from its address', () => {
    const paid = tx({ hash: '0x01', nonce: 8, value: 25n });
    expect(resolutionRefusal(paid, 'held', [unsent('held', 'pending_approval')], [paid])).toBe(
      undefined,
    );
    expect(resolutionRefusal(paid, 'gone', [unsent('held', 'pending_approval')], [paid])).toMatch(
      /not a restored one waiting to be sent/,
    );
    expect(
      resolutionRefusal(paid, 'elsewhere', [unsent('elsewhere', 'prepared', B)], [paid]),
    ).toMatch(/does not pay exactly withdrawal elsewhere/);
  });

  it('is never booked on a withdrawal once the books hold its nonce, nor when it is a held sign-tx item', () => {
    const paid = tx({ hash: '0x01', nonce: 8, value: 25n });
    const waiting = [unsent('held', 'pending_approval')];
    // Booked already (another resolution applied, or the item it is): a second booking debits
    // twice.
    const booked = new Map<string, KnownSend>([
      [
        nonceKey(A, 8),
        { kind: 'signed', from: A, nonce: 8, hashes: ['0x01'], signedItemId: 'item-8' },
      ],
    ]);
    expect(resolutionRefusal(paid, 'held', waiting, [paid], { known: booked })).toMatch(
      /nonce 8 is one the books hold, for a client's signed transaction \(signed item item-8\): the transaction is booked already/,
    );
    const item: HeldSignedTx = {
      signedItemId: 'item-held',
      status: 'approved',
      from: A,
      nonce: 8,
      payment: { to: RECEIVER, value: 25n, data: '0x' },
      digest: '0xd8',
    };
    expect(resolutionRefusal(paid, 'held', waiting, [paid], { known, held: [item] })).toMatch(
      /it is signed item item-held, held for approval in the restored books: resolve it with --signed-item/,
    );
  });

  it('goes, of identical withdrawals, on the prepared one the sender sent first, never a held one', () => {
    const paid = tx({ hash: '0x01', nonce: 8, value: 25n });
    // The sender's order: prepared first, oldest first.
    const identical = [
      unsent('first', 'prepared'),
      unsent('second', 'prepared'),
      unsent('held', 'pending_approval'),
    ];
    expect(resolutionRefusal(paid, 'first', identical, [paid])).toBe(undefined);
    expect(resolutionRefusal(paid, 'second', identical, [paid])).toMatch(
      /3 restored withdrawals pay exactly this; .* it paid withdrawal first/,
    );
    // Booked on the held one, the prepared one would be sent again: refused.
    expect(resolutionRefusal(paid, 'held', identical, [paid])).toMatch(/it paid withdrawal first/);
  });

  it('books identical payments in nonce order', () => {
    const earlier = tx({ hash: '0x01', nonce: 8, value: 25n });
    const later = tx({ hash: '0x02', nonce: 9, value: 25n });
    const identical = [unsent('first', 'prepared'), unsent('second', 'prepared')];
    expect(resolutionRefusal(later, 'first', identical, [earlier, later])).toMatch(
      /resolve 0x01 \(nonce 8\) first/,
    );
    // Once the earlier one is booked on `first`, the later one goes on `second`.
    expect(resolutionRefusal(later, 'second', identical.slice(1), [later])).toBe(undefined);
  });

  it("leaves the choice among identical held withdrawals to the operator's records", () => {
    const paid = tx({ hash: '0x01', nonce: 8, value: 25n });
    const held = [unsent('one', 'pending_approval'), unsent('two', 'pending_approval')];
    expect(resolutionRefusal(paid, 'two', held, [paid])).toBe(undefined);
  });
});

describe("a client's signed transaction that moved nothing of its wallet's asset", () => {
  // Stored by sign-tx with no withdrawal (a token wallet's plain contract call, say).
  const signedAt5: KnownSend = {
    from: B,
    nonce: 5,
    hashes: ['0xabc'],
    signedItemId: 's5',
    kind: 'signed',
  };
  // Resolved by the operator: its signed item was lost with the restore.
  const resolvedAt6: KnownSend = { ...signedAt5, nonce: 6, hashes: ['0xdef'], signedItemId: null };
  const withSigned = new Map<string, KnownSend>([
    ...known,
    [nonceKey(B, 5), signedAt5],
    [nonceKey(B, 6), resolvedAt6],
  ]);
  const call = { from: B, to: TOKEN, value: 0n, data: '0x095ea7b3' };

  it('is known at its nonce by its hash, naming its signed item or none, with nothing to act on', () => {
    expect(classify(tx({ ...call, nonce: 5, hash: '0xABC' }), withSigned, context)).toEqual({
      kind: 'known',
      signedItemId: 's5',
      hash: '0xabc',
      send: 'signed',
    });
    expect(classify(tx({ ...call, nonce: 6, hash: '0xdef' }), withSigned, context)).toEqual({
      kind: 'known',
      signedItemId: null,
      hash: '0xdef',
      send: 'signed',
    });
  });

  it('leaves another transaction at its nonce unmatched, saying whose the nonce is', () => {
    const other = classify(tx({ ...call, nonce: 5, hash: '0x99' }), withSigned, context);
    expect(other).toMatchObject({ kind: 'unmatched', candidates: [] });
    expect(other).toHaveProperty(
      'reason',
      "another transaction at nonce 5, which the books hold for a client's signed transaction (signed item s5)",
    );
  });
});

describe('an operator\'s resolution "a client signed it with sign-tx" (--signed)', () => {
  const nothing = { kind: 'none' } as const;
  const call = tx({ hash: '0x0c', from: B, nonce: 4, to: TOKEN, value: 0n, data: '0x' });
  const resolution = (moved: Parameters<typeof signedResolutionRefusal>[2]['moved'] = nothing) => ({
    station: STATION,
    unsent: context.unsent,
    moved,
  });

  it('is accepted for a transaction at a nonce the books never held that moved nothing', () => {
    expect(signedResolutionRefusal(call, known, resolution())).toBe(undefined);
  });

  it("is refused for the gas station's transaction", () => {
    const fromStation = tx({ hash: '0x0d', from: STATION, nonce: 4, to: RECEIVER, value: 1n });
    expect(signedResolutionRefusal(fromStation, known, resolution())).toMatch(
      /gas station transaction/,
    );
  });

  it('is refused at a nonce the books hold, naming what holds it', () => {
    const atHeld = tx({ hash: '0x0e', nonce: 7, to: TOKEN, value: 0n });
    expect(signedResolutionRefusal(atHeld, known, resolution())).toMatch(
      /nonce 7 is one the books hold, for withdrawal w7/,
    );
  });

  it('is refused when it pays exactly a restored unsent withdrawal from its address: --withdrawal books it', () => {
    const pays = tx({ hash: '0x0f', from: B, nonce: 4, value: 25n });
    expect(signedResolutionRefusal(pays, known, resolution())).toMatch(
      /pays exactly restored withdrawal other .* resolve it with --withdrawal/,
    );
    // The same payment from another address is no payment of it.
    expect(
      signedResolutionRefusal(tx({ hash: '0x10', nonce: 8, value: 25n, from: A }), known, {
        ...resolution(),
        unsent: context.unsent.slice(1),
      }),
    ).toBe(undefined);
  });

  it('is refused when it moves value of its wallet (not booked yet) or sign-tx would not have signed it', () => {
    expect(
      signedResolutionRefusal(
        call,
        known,
        resolution({ kind: 'token', amount: '1.5', receiver: RECEIVER }),
      ),
    ).toMatch(/moves 1.5 of its wallet's token: the books must hold that outflow/);
    expect(
      signedResolutionRefusal(
        call,
        known,
        resolution({ kind: 'native', amount: '0', feeReserve: '0.001', receiver: TOKEN }),
      ),
    ).toMatch(/takes 0 and up to 0.001 of network fee from its wallet's coin/);
    expect(
      signedResolutionRefusal(
        call,
        known,
        resolution({ refused: 'Only transfer … can be signed.' }),
      ),
    ).toMatch(/^sign-tx would not have signed it: Only transfer/);
  });
});

describe("a client's transaction the restored books hold for approval (sign-tx), mined after the point", () => {
  const payment = { to: RECEIVER, value: 40n, data: '0x' };
  const approved: HeldSignedTx = {
    signedItemId: 'item-approved',
    status: 'approved',
    from: B,
    nonce: 4,
    payment,
    digest: '0xd1',
  };
  const pending: HeldSignedTx = {
    ...approved,
    signedItemId: 'item-pending',
    status: 'pending_approval',
    nonce: 5,
  };
  const held = [approved, pending];
  const mined = tx({ hash: '0x40', from: B, nonce: 4, value: 40n });

  it('is unmatched with the held item as its candidate, approved or pending approval', () => {
    expect(classify(mined, known, { ...context, held })).toEqual({
      kind: 'unmatched',
      reason: expect.stringMatching(
        /nonce 4 was never reserved here; it is the client's transaction held for approval as signed item item-approved/,
      ),
      candidates: [],
      signedItems: ['item-approved'],
    });
    expect(classify(tx({ ...mined, nonce: 5 }), known, { ...context, held })).toMatchObject({
      signedItems: ['item-pending'],
    });
  });

  it('is no candidate at another nonce, from another address, or paying anything else', () => {
    for (const other of [
      tx({ ...mined, nonce: 6 }),
      tx({ ...mined, from: A, nonce: 4 }),
      tx({ ...mined, value: 41n }),
      tx({ ...mined, data: '0x01' }),
      tx({ ...mined, to: TOKEN }),
    ])
      expect(classify(other, known, { ...context, held })).not.toHaveProperty('signedItems');
  });

  it('is resolved as that item only when it is its signature: address, nonce, payment, gas and fees', () => {
    expect(signedItemResolutionRefusal(mined, '0xD1', 'item-approved', held, known)).toBe(
      undefined,
    );
    expect(signedItemResolutionRefusal(mined, '0xd1', 'item-pending', held, known)).toMatch(
      /is not signed item item-pending's/,
    );
    expect(signedItemResolutionRefusal(mined, '0xd2', 'item-approved', held, known)).toMatch(
      /gas or fees are not signed item item-approved's/,
    );
    expect(signedItemResolutionRefusal(mined, '0xd1', 'item-gone', held, known)).toMatch(
      /signed item item-gone is not a client's transaction held for approval/,
    );
    const atHeld = tx({ ...mined, from: A, nonce: 7 });
    expect(
      signedItemResolutionRefusal(
        atHeld,
        '0xd1',
        'a',
        [{ ...approved, signedItemId: 'a', from: A, nonce: 7 }],
        known,
      ),
    ).toMatch(/nonce 7 is one the books hold, for withdrawal w7/);
  });

  it('is refused as a lost signed transaction (--signed): the item would be signed again', () => {
    expect(
      signedResolutionRefusal(mined, known, {
        station: STATION,
        unsent: [],
        moved: { kind: 'none' },
        held,
      }),
    ).toMatch(
      /it is signed item item-approved, held for approval .* resolve it with --signed-item/,
    );
  });
});

describe('why the gate is closed for an open restore', () => {
  it('names the restore and its step, and why wallet-ledger opened it when it did', () => {
    expect(restoreReason({ id: 'e1', origin: 'command' })).toBe('restore e1 in progress');
    expect(restoreReason({ id: 'e1', origin: 'command' }, 'ledger check')).toBe(
      'restore e1: ledger check',
    );
    const detected = restoreReason(
      {
        id: 'e2',
        origin: 'detected',
        detected: [{ network: 'ethereum', address: A, assigned: 0, chain: 1 }],
      },
      '1 chain transaction(s) unmatched',
    );
    expect(detected).toContain(
      'restore e2 opened by wallet-ledger: the books are behind the chain',
    );
    expect(detected).toContain(`${A} on ethereum has 1 transaction(s), the books assigned 0`);
    expect(detected).toMatch(/: 1 chain transaction\(s\) unmatched$/);
  });
});
