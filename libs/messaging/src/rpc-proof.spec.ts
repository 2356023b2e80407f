import { createPublicKey, diffieHellman, randomBytes } from 'node:crypto';
import type { ConfigError } from '@custody/config';
import {
  APPS,
  IDENTITY_RPC,
  LEDGER_RPC,
  POLICY_RPC,
  TRADING_RPC,
  type AuthContext,
} from '@custody/contracts';
import {
  devProofSeed,
  MAX_PROOF_TTL_MS,
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
    expect(ledger.check({ ...proof, n: 'another' }, AUTH, NOW)).toEqual({
      fault: 'bad_signature',
    });
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

  it('carry a nonce of their own each, for the same request sent twice', () => {
    const nonces = new Set([1, 2, 3].map(() => gateway.sign(call).n));
    expect(nonces.size).toBe(3);
  });

  it('are refused when they claim to run longer than a receiver remembers them', () => {
    const far = gateway.sign({
      ...call,
      expiresAt: NOW + MAX_PROOF_TTL_MS + PROOF_CLOCK_SKEW_MS + 1,
    });
    expect(ledger.check(far, AUTH, NOW)).toEqual({ fault: 'malformed' });
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
    // Nonces the receiver stores: short and plain, whatever the MAC.
    const proof = gateway.sign(call);
    for (const n of ['a\u0000b', 'x'.repeat(65), ''])
      expect(ledger.check({ ...proof, n }, AUTH, NOW)).toEqual({ fault: 'malformed' });
    expect(ledger.check({ ...proof, m: 'm'.repeat(257) }, AUTH, NOW)).toEqual({
      fault: 'malformed',
    });
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

describe("the gateway's attestations of forwards", () => {
  // wallet-ledger's withdrawals.create forwards to identity (the user) and to policy, which
  // forwards on to trading and identity: every forward of that request, and nothing else.
  const policySeed = randomBytes(32);
  const keys = {
    ...publicKeys,
    policy: proofPublicKeyOf(policySeed),
    identity: proofPublicKeyOf(randomBytes(32)),
    trading: proofPublicKeyOf(randomBytes(32)),
  };
  const gatewayOf = new RpcProofSigner('gateway', seeds.gateway, keys);
  const policy = new RpcProofVerifier('policy', policySeed, keys);
  const grant = () =>
    gatewayOf.grantForwards({
      service: 'wallet-ledger',
      method: LEDGER_RPC.createWithdrawal,
      requestId: 'r1',
      expiresAt: NOW + 10_000,
      auth: AUTH,
    });
  const forward = {
    requestId: 'r1',
    from: 'wallet-ledger',
    method: POLICY_RPC.evaluate,
    auth: AUTH,
  };

  it('cover every forward the contract lets the request make, and only those', () => {
    expect(Object.keys(grant()?.macs ?? {}).sort()).toEqual(
      [
        `wallet-ledger>identity ${IDENTITY_RPC.getUserRef}`,
        `wallet-ledger>policy ${POLICY_RPC.evaluate}`,
        `policy>trading ${TRADING_RPC.getAsset}`,
        `policy>identity ${IDENTITY_RPC.isWhitelisted}`,
      ].sort(),
    );
    // A read that forwards nothing carries no attestation at all.
    expect(
      gatewayOf.grantForwards({
        service: 'wallet-ledger',
        method: LEDGER_RPC.getTransfer,
        requestId: 'r1',
        expiresAt: NOW + 10_000,
        auth: AUTH,
      }),
    ).toBeUndefined();
  });

  it('verify at the receiver of that forward, for that request, caller, method and auth context', () => {
    const granted = grant();
    expect(policy.checkForward(granted, forward, 'gateway', NOW)).toEqual({ grant: granted });
    expect(policy.checkForward(granted, { ...forward, requestId: 'r2' }, 'gateway', NOW)).toEqual({
      fault: 'bad_signature',
    });
    expect(
      policy.checkForward(
        granted,
        { ...forward, auth: { ...AUTH, audience: 'admin' } },
        'gateway',
        NOW,
      ),
    ).toEqual({ fault: 'bad_signature' });
    expect(policy.checkForward(granted, { ...forward, from: 'identity' }, 'gateway', NOW)).toEqual({
      fault: 'other_request',
    });
    expect(
      policy.checkForward(granted, { ...forward, method: POLICY_RPC.decide }, 'gateway', NOW),
    ).toEqual({ fault: 'other_request' });
    // At another receiver the same attestation is worthless.
    expect(
      ledger.checkForward(granted, { ...forward, from: 'identity' }, 'gateway', NOW),
    ).toMatchObject({ fault: 'other_request' });
    expect(
      policy.checkForward(granted, forward, 'gateway', NOW + 10_000 + PROOF_CLOCK_SKEW_MS + 1),
    ).toEqual({ fault: 'expired' });
    expect(policy.checkForward({ ...granted, exp: NOW + 60_000 }, forward, 'gateway', NOW)).toEqual(
      { fault: 'bad_signature' },
    );
  });

  it('are refused when any app but the gateway made them', () => {
    const byLedger = new RpcProofSigner('wallet-ledger', seeds['wallet-ledger'], keys);
    const made = byLedger.grantForwards({
      service: 'wallet-ledger',
      method: LEDGER_RPC.createWithdrawal,
      requestId: 'r1',
      expiresAt: NOW + 10_000,
      auth: AUTH,
    });
    expect(policy.checkForward(made, forward, 'gateway', NOW)).toEqual({ fault: 'bad_signature' });
    expect(policy.checkForward(undefined, forward, 'gateway', NOW)).toEqual({ fault: 'missing' });
    expect(policy.checkForward({ exp: NOW }, forward, 'gateway', NOW)).toEqual({
      fault: 'malformed',
    });
  });
});
