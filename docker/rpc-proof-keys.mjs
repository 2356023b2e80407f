#!/usr/bin/env node
// Prints a fresh set of RPC proof keys as env-file lines (docs/decisions/rpc.md), and the policy
// service's decision key: each app's Ed25519 key (RPC_PROOF_KEY_<APP>, 32 bytes base64url, a
// secret of that app alone) and the public keys every app checks proofs with
// (RPC_PROOF_PUBLIC_KEYS). `--dev` prints the
// development keys instead (derived from the apps' names, refused in production).
import { createHash, createPrivateKey, createPublicKey, randomBytes } from 'node:crypto';

const APPS = [
  'gateway',
  'identity',
  'wallet-ledger',
  'trading',
  'signing',
  'issuer',
  'notifier',
  'policy',
];
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');

const seedOf = (app) =>
  process.argv.includes('--dev')
    ? createHash('sha256').update(`custody-dev-rpc-proof:${app}`).digest()
    : randomBytes(32);

const publicKeys = [];
for (const app of APPS) {
  const seed = seedOf(app);
  const key = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const spki = createPublicKey(key).export({ format: 'der', type: 'spki' });
  publicKeys.push(`${app}=${spki.subarray(12).toString('base64url')}`);
  console.log(
    `RPC_PROOF_KEY_${app.toUpperCase().replaceAll('-', '_')}=${seed.toString('base64url')}`,
  );
}
console.log(`RPC_PROOF_PUBLIC_KEYS=${publicKeys.join(',')}`);

// The policy service's decision key (docs/decisions/signing-decisions.md): its seed with a key
// id (POLICY_DECISION_KEY, policy's secret alone) and the public key the signer trusts.
const decisionKid = process.argv.includes('--dev') ? 'dev' : `k${Date.now()}`;
const decisionSeed = process.argv.includes('--dev')
  ? createHash('sha256').update('custody-dev-policy-decision').digest()
  : randomBytes(32);
const decisionKey = createPrivateKey({
  key: Buffer.concat([PKCS8_ED25519, decisionSeed]),
  format: 'der',
  type: 'pkcs8',
});
const decisionPublic = createPublicKey(decisionKey).export({ format: 'der', type: 'spki' });
console.log(`POLICY_DECISION_KEY=${decisionKid}:${decisionSeed.toString('base64url')}`);
console.log(
  `POLICY_DECISION_PUBLIC_KEYS=${decisionKid}=${decisionPublic.subarray(12).toString('base64url')}`,
);
