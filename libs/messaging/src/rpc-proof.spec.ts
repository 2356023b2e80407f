import { createPublicKey, diffieHellman, randomBytes } from 'node:crypto';
import type { ConfigError } from '@custody/config';
import { APPS, type AuthContext } from '@custody/contracts';
import {
  ATTESTATION_RENEW_MS,
  ATTESTATION_TTL_MS,
  devProofSeed,
  parseProofKeys,
  PROOF_CLOCK_SKEW_MS,
  proofKeys,
  proofPublicKeyOf,
  requestHash,
  RpcProofSigner,
  RpcProofVerifier,
  x25519PrivateKey,
  x25519PublicKeyOf,
} from './rpc-proof';

const AUTH: AuthContext = { clientId: 'c1', tenantId: 'c1', audience: 'general' };
const seeds = {
  gateway: randomBytes(32),
  'wallet-ledger': randomBytes(32),
  signing: randomBytes(32),
};
const publicKeys = Object.fromEntries(
  Object.entries(seeds).map(([app, seed]) => [app, proofPublicKeyOf(seed)]),
);
const gateway = new RpcProofSigner('gateway', seeds.gateway, publicKeys);
const ledger = new RpcProofVerifier('wallet-ledger', seeds['wallet-ledger'], publicKeys);
const signing = new RpcProofVerifier('signing', seeds.signing, publicKeys);
const NOW = 1_800_000_000_000;
const call = {
  to: 'wallet-ledger',
  method: 'wallets.get',
  params: { userId: 'u1', walletId: 'w1' },
  idempotent: true,
  requestId: 'r1',
  expiresAt: NOW + 10_000,
  auth: AUTH,
};

describe('RPC proofs', () => {
  it('verify at the receiver they were made for, the params hashed as sent', () => {
    const proof = gateway.sign(call);
    expect(ledger.check(proof, AUTH, NOW)).toEqual({ proof });
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

  it('fail at another receiver, for another auth context, sender key, expiry or any field changed', () => {
    const proof = gateway.sign(call);
    // A proof wallet-ledger received cannot be sent on to signing.
    expect(signing.check(proof, AUTH, NOW)).toEqual({ fault: 'bad_signature' });
    expect(ledger.check(proof, { ...AUTH, audience: 'admin' }, NOW)).toEqual({
      fault: 'bad_signature',
    });
    expect(ledger.check(proof, undefined, NOW)).toEqual({ fault: 'bad_signature' });
    expect(ledger.check({ ...proof, m: 'wallets.delete' }, AUTH, NOW)).toEqual({
      fault: 'bad_signature',
    });
    expect(
      ledger.check({ ...proof, ph: requestHash({ params: {}, idempotent: true }) }, AUTH, NOW),
    ).toEqual({ fault: 'bad_signature' });
    expect(ledger.check({ ...proof, rid: 'r2' }, AUTH, NOW)).toEqual({ fault: 'bad_signature' });
    expect(ledger.check({ ...proof, exp: proof.exp + 1 }, AUTH, NOW)).toEqual({
      fault: 'bad_signature',
    });
    expect(ledger.check({ ...proof, mac: 'AAAA' }, AUTH, NOW)).toEqual({
      fault: 'bad_signature',
    });
    // Claimed by an app the receiver shares a key with, but not made by it.
    expect(ledger.check({ ...proof, iss: 'signing' }, AUTH, NOW)).toEqual({
      fault: 'bad_signature',
    });
    expect(ledger.check({ ...proof, iss: 'identity' }, AUTH, NOW)).toEqual({
      fault: 'unknown_signer',
    });
    const other = new RpcProofSigner('gateway', randomBytes(32), publicKeys).sign(call);
    expect(ledger.check(other, AUTH, NOW)).toEqual({ fault: 'bad_signature' });
  });

  it('expire past their expiry and the allowed clock skew', () => {
    const proof = gateway.sign(call);
    expect(ledger.check(proof, AUTH, call.expiresAt + PROOF_CLOCK_SKEW_MS)).toEqual({ proof });
    expect(ledger.check(proof, AUTH, call.expiresAt + PROOF_CLOCK_SKEW_MS + 1)).toEqual({
      fault: 'expired',
    });
  });

  it('refuse what is not a proof', () => {
    expect(ledger.check(undefined, AUTH, NOW)).toEqual({ fault: 'missing' });
    expect(ledger.check({ iss: 'gateway' }, AUTH, NOW)).toEqual({ fault: 'malformed' });
    expect(ledger.check('a proof', AUTH, NOW)).toEqual({ fault: 'malformed' });
  });

  it('use one key per pair and direction, which both apps of the pair work out alone', () => {
    // The X25519 key of an Ed25519 public key is that of the seed's scalar (RFC 7748 4.1).
    for (const app of APPS) {
      const seed = devProofSeed(app);
      expect(
        x25519PublicKeyOf(proofPublicKeyOf(seed)).export({ format: 'der', type: 'spki' }),
      ).toEqual(createPublicKey(x25519PrivateKey(seed)).export({ format: 'der', type: 'spki' }));
    }
    expect(
      diffieHellman({
        privateKey: x25519PrivateKey(seeds.gateway),
        publicKey: x25519PublicKeyOf(proofPublicKeyOf(seeds.signing)),
      }),
    ).toEqual(
      diffieHellman({
        privateKey: x25519PrivateKey(seeds.signing),
        publicKey: x25519PublicKeyOf(proofPublicKeyOf(seeds.gateway)),
      }),
    );
    // Direction counts: what wallet-ledger would send to the gateway is no proof of the reverse.
    const back = new RpcProofSigner('wallet-ledger', seeds['wallet-ledger'], publicKeys).sign({
      ...call,
      to: 'gateway',
    });
    const atGateway = new RpcProofVerifier('gateway', seeds.gateway, publicKeys);
    expect(atGateway.check(back, AUTH, NOW)).toEqual({ proof: back });
    expect(ledger.check({ ...back, iss: 'gateway' }, AUTH, NOW)).toEqual({
      fault: 'bad_signature',
    });
  });

  it('take the configured keys, or the development ones derived from the app names', () => {
    const dev = proofKeys('gateway', {});
    const atLedger = proofKeys('wallet-ledger', {});
    const proof = dev.signer.sign(call);
    expect(atLedger.verifier.check(proof, AUTH, NOW)).toEqual({ proof });
    expect(proof.iss).toBe('gateway');
    const configured = proofKeys('wallet-ledger', {
      RPC_PROOF_KEY: seeds['wallet-ledger'].toString('base64url'),
      RPC_PROOF_PUBLIC_KEYS: Object.entries(publicKeys)
        .map(([app, key]) => `${app}=${key}`)
        .join(','),
    });
    expect(configured.verifier.check(gateway.sign(call), AUTH, NOW)).toMatchObject({
      proof: expect.anything(),
    });
    // The development key no longer verifies where keys are configured.
    expect(configured.verifier.check(proof, AUTH, NOW)).toEqual({ fault: 'bad_signature' });
    expect(devProofSeed('gateway')).not.toEqual(devProofSeed('identity'));
    expect(parseProofKeys('a=k1, b=k2')).toEqual({ a: 'k1', b: 'k2' });
  });

  it('refuse to start in production on a development key, in any spelling, or without every app’s', () => {
    const own = randomBytes(32);
    const keys = Object.fromEntries(APPS.map((app) => [app, proofPublicKeyOf(randomBytes(32))]));
    keys['identity'] = proofPublicKeyOf(own);
    const list = (set: Record<string, string>) =>
      Object.entries(set)
        .map(([app, key]) => `${app}=${key}`)
        .join(',');
    const refused = (config: { RPC_PROOF_KEY: string; RPC_PROOF_PUBLIC_KEYS: string }) => {
      try {
        proofKeys('identity', { NODE_ENV: 'production', ...config });
      } catch (error) {
        return (error as ConfigError).message;
      }
      return 'started';
    };
    const ownKey = own.toString('base64url');
    expect(refused({ RPC_PROOF_KEY: ownKey, RPC_PROOF_PUBLIC_KEYS: list(keys) })).toBe('started');
    const devSeed = devProofSeed('identity');
    for (const spelling of [devSeed.toString('base64url'), devSeed.toString('base64')])
      expect(refused({ RPC_PROOF_KEY: spelling, RPC_PROOF_PUBLIC_KEYS: list(keys) })).toMatch(
        /RPC_PROOF_KEY: Development default/,
      );
    const devGateway = { ...keys, gateway: proofPublicKeyOf(devProofSeed('gateway')) };
    expect(refused({ RPC_PROOF_KEY: ownKey, RPC_PROOF_PUBLIC_KEYS: list(devGateway) })).toMatch(
      /development key of gateway/,
    );
    const { gateway: _gateway, trading: _trading, ...partial } = keys;
    expect(refused({ RPC_PROOF_KEY: ownKey, RPC_PROOF_PUBLIC_KEYS: list(partial) })).toMatch(
      /every app's key; missing: gateway, trading/,
    );
    const notOwn = { ...keys, identity: proofPublicKeyOf(randomBytes(32)) };
    expect(refused({ RPC_PROOF_KEY: ownKey, RPC_PROOF_PUBLIC_KEYS: list(notOwn) })).toMatch(
      /key listed for identity is not the public key of its RPC_PROOF_KEY/,
    );
  });
});

describe("the gateway's attestations of auth contexts", () => {
  it('verify at every service, for that auth context and while they run', () => {
    const attestation = gateway.attest(AUTH, NOW);
    expect(attestation).toMatchObject({ iss: 'gateway', exp: NOW + ATTESTATION_TTL_MS });
    for (const verifier of [ledger, signing])
      expect(verifier.checkAttestation(attestation, AUTH, 'gateway', NOW)).toEqual({
        attestation,
      });
    expect(
      ledger.checkAttestation(attestation, AUTH, 'gateway', attestation.exp + PROOF_CLOCK_SKEW_MS),
    ).toEqual({ attestation });
    expect(
      ledger.checkAttestation(
        attestation,
        AUTH,
        'gateway',
        attestation.exp + PROOF_CLOCK_SKEW_MS + 1,
      ),
    ).toEqual({ fault: 'expired' });
  });

  it('are made once per auth context and renewed before they run out', () => {
    const first = gateway.attest({ ...AUTH, clientId: 'c2' }, NOW);
    expect(gateway.attest({ ...AUTH, clientId: 'c2' }, NOW + 1_000)).toBe(first);
    const renewAt = NOW + ATTESTATION_TTL_MS - ATTESTATION_RENEW_MS + 1;
    const renewed = gateway.attest({ ...AUTH, clientId: 'c2' }, renewAt);
    expect(renewed).not.toBe(first);
    expect(renewed.exp).toBe(renewAt + ATTESTATION_TTL_MS);
    expect(gateway.attest({ ...AUTH, clientId: 'c3' }, NOW)).not.toBe(first);
  });

  it('are refused for another auth context, signer or expiry, checked or not before', () => {
    const attestation = gateway.attest(AUTH, NOW);
    // Once checked (cached by signature) and on a fresh verifier alike.
    for (const verifier of [
      ledger,
      new RpcProofVerifier('wallet-ledger', seeds['wallet-ledger'], publicKeys),
    ]) {
      expect(
        verifier.checkAttestation(attestation, { ...AUTH, audience: 'admin' }, 'gateway', NOW),
      ).toEqual({ fault: 'bad_signature' });
      expect(
        verifier.checkAttestation(
          { ...attestation, exp: attestation.exp - 1 },
          AUTH,
          'gateway',
          NOW,
        ),
      ).toEqual({ fault: 'bad_signature' });
    }
    // Another app's attestation, however valid its signature, vouches for nothing.
    const byLedger = new RpcProofSigner('wallet-ledger', seeds['wallet-ledger'], publicKeys).attest(
      AUTH,
      NOW,
    );
    expect(signing.checkAttestation(byLedger, AUTH, 'gateway', NOW)).toEqual({
      fault: 'unknown_signer',
    });
    expect(signing.checkAttestation({ ...byLedger, iss: 'gateway' }, AUTH, 'gateway', NOW)).toEqual(
      { fault: 'bad_signature' },
    );
    const forged = new RpcProofSigner('gateway', randomBytes(32), publicKeys).attest(AUTH, NOW);
    expect(signing.checkAttestation(forged, AUTH, 'gateway', NOW)).toEqual({
      fault: 'bad_signature',
    });
    expect(signing.checkAttestation(undefined, AUTH, 'gateway', NOW)).toEqual({
      fault: 'missing',
    });
    expect(signing.checkAttestation({ iss: 'gateway' }, AUTH, 'gateway', NOW)).toEqual({
      fault: 'malformed',
    });
  });

  it('are refused in another spelling of their signature, or with an expiry beyond their life', () => {
    const attestation = gateway.attest(AUTH, NOW);
    expect(
      ledger.checkAttestation(
        { ...attestation, sig: `${attestation.sig}!!` },
        AUTH,
        'gateway',
        NOW,
      ),
    ).toEqual({ fault: 'malformed' });
    const far = new RpcProofSigner('gateway', seeds.gateway, publicKeys).attest(
      AUTH,
      NOW + ATTESTATION_TTL_MS,
    );
    expect(ledger.checkAttestation(far, AUTH, 'gateway', NOW)).toEqual({ fault: 'malformed' });
  });
});
