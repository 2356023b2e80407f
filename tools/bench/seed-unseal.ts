// The cost the PKCS#11 key store adds to each signature (docs/decisions/wallets-and-signing.md):
// the token decrypts the sealed seed (AES-256-GCM in SoftHSM2), the key is derived from it over
// bytes and the digest signed, against the in-memory ethers account the service used before.
// Usage: node --import tsx tools/bench/seed-unseal.ts [iterations]   (needs `apt-get install softhsm2`)
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getBytes, HDNodeWallet, Mnemonic } from 'ethers';
import { privateKeyAt, signDigest, wipe } from '../../apps/signing/src/keystore/hd-keys';
import { Pkcs11Token } from '../../apps/signing/src/keystore/pkcs11-token';
import { mnemonicSeed, sealAad } from '../../apps/signing/src/keystore/seed.rules';

const iterations = Number(process.argv[2] ?? 2000);
const dir = mkdtempSync(path.join(os.tmpdir(), 'softhsm-bench-'));
mkdirSync(path.join(dir, 'tokens'));
process.env['SOFTHSM2_CONF'] = path.join(dir, 'softhsm2.conf');
writeFileSync(
  process.env['SOFTHSM2_CONF'],
  `directories.tokendir = ${path.join(dir, 'tokens')}\nobjectstore.backend = file\nlog.level = ERROR\n`,
);
writeFileSync(path.join(dir, 'pin'), '1234\n');
const init = spawnSync(
  'softhsm2-util',
  ['--init-token', '--free', '--label', 'bench', '--so-pin', '5678', '--pin', '1234'],
  { encoding: 'utf8' },
);
if (init.status !== 0) throw new Error(`softhsm2-util: ${init.stderr}`);

const phrase = 'test test test test test test test test test test test junk';
const token = new Pkcs11Token({
  module: process.env['SOFTHSM2_MODULE'] ?? '/usr/lib/softhsm/libsofthsm2.so',
  tokenLabel: 'bench',
  pinFile: path.join(dir, 'pin'),
  keyLabel: 'bench-seed',
});
const seed = mnemonicSeed(phrase);
const keyId = token.generateKey();
const aad = sealAad('bench');
const sealed = token.encrypt(keyId, seed, aad);
wipe(seed);
const digest = getBytes(`0x${'ab'.repeat(32)}`);
const account = HDNodeWallet.fromSeed(Mnemonic.fromPhrase(phrase).computeSeed()).derivePath(
  "m/44'/60'/0'/0",
);

function time(name: string, run: (i: number) => void): number {
  for (let i = 0; i < 50; i++) run(i); // warm-up
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) run(i);
  const perOp = Number(process.hrtime.bigint() - start) / iterations / 1000;
  console.log(`${name.padEnd(44)} ${perOp.toFixed(1).padStart(8)} µs/op`);
  return perOp;
}

console.log(`${iterations} iterations, one core, SoftHSM2 ${process.env['SOFTHSM2_CONF']}`);
const decrypt = time('token decrypt (C_Decrypt, AES-256-GCM)', () => {
  wipe(token.decrypt(keyId, sealed, aad));
});
const derive = time('derive m/44/60/0/0/i over bytes', (i) => {
  const s = token.decrypt(keyId, sealed, aad);
  wipe(privateKeyAt(s, `m/44'/60'/0'/0/${i % 1000}`), s);
});
const full = time('decrypt + derive + sign (per signature now)', (i) => {
  const s = token.decrypt(keyId, sealed, aad);
  const key = privateKeyAt(s, `m/44'/60'/0'/0/${i % 1000}`);
  signDigest(key, digest);
  wipe(key, s);
});
const before = time('in-memory ethers account: derive + sign (was)', (i) => {
  account.deriveChild(i % 1000).signingKey.sign(digest);
});
console.log(
  JSON.stringify({
    decryptUs: decrypt,
    decryptDeriveUs: derive,
    perSignatureUs: full,
    beforeUs: before,
  }),
);
token.close();
rmSync(dir, { recursive: true, force: true });
