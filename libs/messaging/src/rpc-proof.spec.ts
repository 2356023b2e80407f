import { randomBytes } from 'node:crypto';
import type { AuthContext } from '@custody/contracts';
import {
  devProofSeed,
  paramsHash,
  parseProofKeys,
  PROOF_CLOCK_SKEW_MS,
  proofKeys,
  proofPublicKeyOf,
  RpcProofSigner,
  RpcProofVerifier,
} from './rpc-proof';

const AUTH: AuthContext = { clientId: 'c1', tenantId: 'c1', audience: 'general' };
const seed = randomBytes(32);
const signer = new RpcProofSigner('gateway', seed);
const verifier = new RpcProofVerifier({ gateway: proofPublicKeyOf(seed) });
const NOW = 1_800_000_000_000;
const call = {
  method: 'wallets.get',
  params: { userId: 'u1', walletId: 'w1' },
  requestId: 'r1',
  expiresAt: NOW + 10_000,
  auth: AUTH,
};

describe('RPC proofs', () => {
  it('verify for the key that signed them, the params hashed as sent', () => {
    const proof = signer.sign(call);
    expect(verifier.check(proof, AUTH, NOW)).toBeUndefined();
    expect(proof).toMatchObject({ iss: 'gateway', m: 'wallets.get', rid: 'r1' });
    expect(proof.ph).toBe(paramsHash(JSON.parse(JSON.stringify(call.params))));
  });

  it('fail for another auth context, signer, expiry or any field changed', () => {
    const proof = signer.sign(call);
    expect(verifier.check(proof, { ...AUTH, audience: 'admin' }, NOW)).toBe('bad_signature');
    expect(verifier.check(proof, undefined, NOW)).toBe('bad_signature');
    expect(verifier.check({ ...proof, m: 'wallets.delete' }, AUTH, NOW)).toBe('bad_signature');
    expect(verifier.check({ ...proof, ph: paramsHash({}) }, AUTH, NOW)).toBe('bad_signature');
    expect(verifier.check({ ...proof, rid: 'r2' }, AUTH, NOW)).toBe('bad_signature');
    expect(verifier.check({ ...proof, exp: proof.exp + 1 }, AUTH, NOW)).toBe('bad_signature');
    expect(verifier.check({ ...proof, iss: 'identity' }, AUTH, NOW)).toBe('unknown_signer');
    const other = new RpcProofSigner('gateway', randomBytes(32)).sign(call);
    expect(verifier.check(other, AUTH, NOW)).toBe('bad_signature');
  });

  it('expire past their expiry and the allowed clock skew', () => {
    const proof = signer.sign(call);
    expect(verifier.check(proof, AUTH, call.expiresAt + PROOF_CLOCK_SKEW_MS)).toBeUndefined();
    expect(verifier.check(proof, AUTH, call.expiresAt + PROOF_CLOCK_SKEW_MS + 1)).toBe('expired');
  });

  it('refuse what is not a proof', () => {
    expect(verifier.check(undefined, AUTH, NOW)).toBe('missing');
    expect(verifier.check({ iss: 'gateway' }, AUTH, NOW)).toBe('malformed');
    expect(verifier.check('a proof', AUTH, NOW)).toBe('malformed');
  });

  it('take the configured keys, or the development ones derived from the app names', () => {
    const dev = proofKeys('wallet-ledger', {});
    const proof = dev.signer.sign(call);
    expect(dev.verifier.check(proof, AUTH, NOW)).toBeUndefined();
    expect(proof.iss).toBe('wallet-ledger');
    const own = randomBytes(32);
    const configured = proofKeys('wallet-ledger', {
      RPC_PROOF_KEY: own.toString('base64url'),
      RPC_PROOF_PUBLIC_KEYS: `wallet-ledger=${proofPublicKeyOf(own)}`,
    });
    expect(configured.verifier.check(configured.signer.sign(call), AUTH, NOW)).toBeUndefined();
    // The development key no longer verifies where keys are configured.
    expect(configured.verifier.check(proof, AUTH, NOW)).toBe('bad_signature');
    expect(devProofSeed('gateway')).not.toEqual(devProofSeed('identity'));
    expect(parseProofKeys('a=k1, b=k2')).toEqual({ a: 'k1', b: 'k2' });
  });
});
