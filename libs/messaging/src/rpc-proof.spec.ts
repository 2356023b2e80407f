import { randomBytes } from 'node:crypto';
import type { ConfigError } from '@custody/config';
import type { AuthContext } from '@custody/contracts';
import {
  devProofSeed,
  parseProofKeys,
  PROOF_CLOCK_SKEW_MS,
  proofKeys,
  proofPublicKeyOf,
  requestHash,
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
  idempotent: true,
  requestId: 'r1',
  expiresAt: NOW + 10_000,
  auth: AUTH,
};

describe('RPC proofs', () => {
  it('verify for the key that signed them, the params hashed as sent', () => {
    const proof = signer.sign(call);
    expect(verifier.check(proof, AUTH, NOW)).toEqual({ proof: expect.anything() });
    expect(proof).toMatchObject({ iss: 'gateway', m: 'wallets.get', rid: 'r1' });
    expect(proof.ph).toBe(
      requestHash({ params: JSON.parse(JSON.stringify(call.params)), idempotent: true }),
    );
    // Another idempotency (a captured command sent again as a retry) is another hash.
    expect(proof.ph).not.toBe(requestHash({ params: call.params, idempotent: false }));
    expect(proof.ph).not.toBe(
      requestHash({
        params: call.params,
        idempotent: true,
        idempotencyKey: { key: 'k', requestHash: 'h' },
      }),
    );
  });

  it('fail for another auth context, signer, expiry or any field changed', () => {
    const proof = signer.sign(call);
    expect(verifier.check(proof, { ...AUTH, audience: 'admin' }, NOW)).toEqual({
      fault: 'bad_signature',
    });
    expect(verifier.check(proof, undefined, NOW)).toEqual({ fault: 'bad_signature' });
    expect(verifier.check({ ...proof, m: 'wallets.delete' }, AUTH, NOW)).toEqual({
      fault: 'bad_signature',
    });
    expect(
      verifier.check({ ...proof, ph: requestHash({ params: {}, idempotent: true }) }, AUTH, NOW),
    ).toEqual({ fault: 'bad_signature' });
    expect(verifier.check({ ...proof, rid: 'r2' }, AUTH, NOW)).toEqual({ fault: 'bad_signature' });
    expect(verifier.check({ ...proof, exp: proof.exp + 1 }, AUTH, NOW)).toEqual({
      fault: 'bad_signature',
    });
    expect(verifier.check({ ...proof, iss: 'identity' }, AUTH, NOW)).toEqual({
      fault: 'unknown_signer',
    });
    const other = new RpcProofSigner('gateway', randomBytes(32)).sign(call);
    expect(verifier.check(other, AUTH, NOW)).toEqual({ fault: 'bad_signature' });
  });

  it('expire past their expiry and the allowed clock skew', () => {
    const proof = signer.sign(call);
    expect(verifier.check(proof, AUTH, call.expiresAt + PROOF_CLOCK_SKEW_MS)).toEqual({
      proof: expect.anything(),
    });
    expect(verifier.check(proof, AUTH, call.expiresAt + PROOF_CLOCK_SKEW_MS + 1)).toEqual({
      fault: 'expired',
    });
  });

  it('refuse what is not a proof', () => {
    expect(verifier.check(undefined, AUTH, NOW)).toEqual({ fault: 'missing' });
    expect(verifier.check({ iss: 'gateway' }, AUTH, NOW)).toEqual({ fault: 'malformed' });
    expect(verifier.check('a proof', AUTH, NOW)).toEqual({ fault: 'malformed' });
  });

  it('take the configured keys, or the development ones derived from the app names', () => {
    const dev = proofKeys('wallet-ledger', {});
    const proof = dev.signer.sign(call);
    expect(dev.verifier.check(proof, AUTH, NOW)).toEqual({ proof: expect.anything() });
    expect(proof.iss).toBe('wallet-ledger');
    const own = randomBytes(32);
    const configured = proofKeys('wallet-ledger', {
      RPC_PROOF_KEY: own.toString('base64url'),
      RPC_PROOF_PUBLIC_KEYS: `wallet-ledger=${proofPublicKeyOf(own)}`,
    });
    expect(configured.verifier.check(configured.signer.sign(call), AUTH, NOW)).toEqual({
      proof: expect.anything(),
    });
    // The development key no longer verifies where keys are configured.
    expect(configured.verifier.check(proof, AUTH, NOW)).toEqual({ fault: 'bad_signature' });
    expect(devProofSeed('gateway')).not.toEqual(devProofSeed('identity'));
    expect(parseProofKeys('a=k1, b=k2')).toEqual({ a: 'k1', b: 'k2' });
  });

  it('refuse to start in production on a development key, in any spelling, or without the gateway’s', () => {
    const own = randomBytes(32).toString('base64url');
    const gateway = `gateway=${proofPublicKeyOf(randomBytes(32))}`;
    const refused = (config: { RPC_PROOF_KEY: string; RPC_PROOF_PUBLIC_KEYS: string }) => {
      try {
        proofKeys('identity', { NODE_ENV: 'production', ...config });
      } catch (error) {
        return (error as ConfigError).message;
      }
      return 'started';
    };
    expect(refused({ RPC_PROOF_KEY: own, RPC_PROOF_PUBLIC_KEYS: gateway })).toBe('started');
    const devSeed = devProofSeed('identity');
    for (const spelling of [devSeed.toString('base64url'), devSeed.toString('base64')])
      expect(refused({ RPC_PROOF_KEY: spelling, RPC_PROOF_PUBLIC_KEYS: gateway })).toMatch(
        /RPC_PROOF_KEY: Development default/,
      );
    const devGateway = `gateway=${proofPublicKeyOf(devProofSeed('gateway'))}`;
    expect(refused({ RPC_PROOF_KEY: own, RPC_PROOF_PUBLIC_KEYS: devGateway })).toMatch(
      /development key of gateway/,
    );
    const noGateway = `identity=${proofPublicKeyOf(randomBytes(32))}`;
    expect(refused({ RPC_PROOF_KEY: own, RPC_PROOF_PUBLIC_KEYS: noGateway })).toMatch(
      /gateway's key/,
    );
  });
});
