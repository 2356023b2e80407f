import { issuerKeyOwner } from '@custody/contracts';
import { mayUseKey } from './owners.rules';

describe('who may use a key', () => {
  it("lets the issuer app use its issuers' keys only", () => {
    expect(mayUseKey('issuer', issuerKeyOwner('i-1'))).toBe(true);
    expect(mayUseKey('issuer', 'wallet-1')).toBe(false);
    expect(mayUseKey('issuer', 'system:gas-station')).toBe(false);
  });

  it("lets wallet-ledger use wallets' and its system keys, never an issuer's", () => {
    expect(mayUseKey('wallet-ledger', 'wallet-1')).toBe(true);
    expect(mayUseKey('wallet-ledger', 'system:gas-station')).toBe(true);
    expect(mayUseKey('wallet-ledger', issuerKeyOwner('i-1'))).toBe(false);
  });

  it('lets no other app use any key', () => {
    for (const caller of ['gateway', 'notifier', 'trading', undefined])
      expect(mayUseKey(caller, 'wallet-1')).toBe(false);
  });
});
