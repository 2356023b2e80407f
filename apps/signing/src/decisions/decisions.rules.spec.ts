import type { DecisionClaims, SignIntent } from '@custody/contracts';
import { EMPTY_DATA_HASH, judgeDecision, parseClaims, type SignAttempt } from './decisions.rules';

// The signer's own reading of a decision: in time, for this key, for exactly this payload.

const NOW = 1_800_000_000_000;
const FROM = '0x00000000000000000000000000000000000000a1';
const TO = '0x00000000000000000000000000000000000000b2';

const transfer: SignIntent = {
  kind: 'evm-transfer',
  chainId: '1',
  from: FROM,
  to: TO,
  value: '100',
  dataHash: EMPTY_DATA_HASH,
  nonce: 7,
  maxFeePerGas: '50',
  gasLimit: '21000',
  assetId: 'eth',
  amount: '0.0000000000000001',
  recipient: TO,
  topUp: { maxValue: '1050000' },
};

function claims(fields: Partial<DecisionClaims> = {}): DecisionClaims {
  return {
    v: 1,
    decisionId: '01900000-0000-7000-8000-000000000001',
    tenantId: 't1',
    activity: 'withdrawal',
    owner: 'w1',
    operationId: 'op',
    intent: transfer,
    approval: null,
    issuedAt: NOW - 1_000,
    expiresAt: NOW + 60_000,
    ...fields,
  };
}

function tx(fields: Partial<Extract<SignAttempt['payload'], { kind: 'evm-tx' }>> = {}) {
  return {
    caller: 'wallet-ledger',
    key: { ownerId: 'w1', address: FROM, tenantId: 't1' },
    payload: {
      kind: 'evm-tx' as const,
      digest: '0x01',
      chainId: 1n,
      to: TO,
      value: 100n,
      dataHash: EMPTY_DATA_HASH,
      nonce: 7,
      maxFeePerGas: 50n,
      gasLimit: 21_000n,
      ...fields,
    },
  };
}

describe('judgeDecision', () => {
  it("takes a withdrawal's transaction, its replacement within the caps and its cancel", () => {
    expect(judgeDecision(claims(), tx(), NOW)).toEqual({ use: { part: 'key', nonce: 7 } });
    expect(judgeDecision(claims(), tx({ maxFeePerGas: 40n }), NOW)).toHaveProperty('use');
    expect(judgeDecision(claims(), tx({ to: FROM, value: 0n }), NOW)).toHaveProperty('use');
  });

  it.each([
    ['another nonce', tx({ nonce: 8 }), 'other_payload'],
    ['another receiver', tx({ to: FROM }), 'other_payload'],
    ['another chain', tx({ chainId: 5n }), 'other_payload'],
    ['a fee above the cap', tx({ maxFeePerGas: 51n }), 'over_fee_cap'],
    ['more gas than decided', tx({ gasLimit: 21_001n }), 'over_fee_cap'],
    [
      'another key',
      { ...tx(), key: { ownerId: 'w2', address: FROM, tenantId: 't1' } },
      'other_owner',
    ],
    [
      'a key of another tenant',
      { ...tx(), key: { ownerId: 'w1', address: FROM, tenantId: 't2' } },
      'other_tenant',
    ],
    [
      'another address of the owner',
      { ...tx(), key: { ownerId: 'w1', address: TO, tenantId: 't1' } },
      'other_payload',
    ],
  ])('refuses %s', (_name, attempt, fault) => {
    expect(judgeDecision(claims(), attempt, NOW)).toEqual({ fault });
  });

  it('refuses a decision past its time, or one that claims to live longer than any is signed', () => {
    expect(judgeDecision(claims({ expiresAt: NOW }), tx(), NOW)).toEqual({ fault: 'expired' });
    expect(judgeDecision(claims({ expiresAt: NOW + 3_600_000 }), tx(), NOW)).toEqual({
      fault: 'expired',
    });
  });

  it("lets the gas station send the withdrawal's address its top-up, within the cap", () => {
    const station = (fields: Parameters<typeof tx>[0]) => ({
      ...tx({ to: FROM, value: 1_050_000n, nonce: 3, ...fields }),
      key: {
        ownerId: 'system:gas-station',
        address: '0x00000000000000000000000000000000000000c3',
        tenantId: null,
      },
    });
    expect(judgeDecision(claims(), station({}), NOW)).toEqual({
      use: { part: 'top-up', nonce: 3 },
    });
    expect(judgeDecision(claims(), station({ value: 1_050_001n }), NOW)).toEqual({
      fault: 'over_fee_cap',
    });
    expect(judgeDecision(claims(), station({ to: TO }), NOW)).toEqual({ fault: 'other_payload' });
    const { topUp: _none, ...withoutTopUp } = transfer as Extract<
      SignIntent,
      { kind: 'evm-transfer' }
    >;
    expect(judgeDecision(claims({ intent: withoutTopUp }), station({}), NOW)).toEqual({
      fault: 'other_owner',
    });
  });

  it("keeps issuers' keys to issuer activities, and those to issuers' keys", () => {
    const message: SignIntent = { kind: 'evm-message', digest: '0xab' };
    const issuerKey = { ownerId: 'issuer:i1', address: FROM, tenantId: 't1' };
    const payload = { kind: 'evm-message' as const, digest: '0xab' };
    const issued = claims({ activity: 'issuer-activity', owner: 'issuer:i1', intent: message });
    expect(judgeDecision(issued, { caller: 'issuer', key: issuerKey, payload }, NOW)).toEqual({
      use: { part: 'key', nonce: null },
    });
    expect(
      judgeDecision(
        { ...issued, activity: 'sign-message' },
        { caller: 'issuer', key: issuerKey, payload },
        NOW,
      ),
    ).toEqual({ fault: 'other_owner' });
    expect(
      judgeDecision(
        { ...issued, owner: 'w1' },
        { caller: 'wallet-ledger', key: { ownerId: 'w1', address: FROM, tenantId: 't1' }, payload },
        NOW,
      ),
    ).toEqual({ fault: 'other_owner' });
  });
});

describe('parseClaims', () => {
  it('takes well-formed claims and nothing else', () => {
    expect(parseClaims(claims())).toEqual(claims());
    expect(parseClaims({ ...claims(), v: 2 })).toBeUndefined();
    expect(parseClaims({ ...claims(), intent: { kind: 'evm-message' } })).toBeUndefined();
    expect(parseClaims('claims')).toBeUndefined();
  });
});
