import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Mnemonic, Wallet } from 'ethers';
import { loadConfig } from '@custody/config';
import { testLogger } from '@custody/testing';
import { loadMasterSeed } from './master-seed';

const dir = () => mkdtempSync(path.join(os.tmpdir(), 'seed-'));

describe('loadMasterSeed', () => {
  it('is no production path: production requires the token and refuses a seed in the environment', () => {
    const production = {
      NODE_ENV: 'production',
      IDENTITY_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      AMQP_URL: 'amqp://signing:a-broker-password@rabbitmq:5672',
      DATABASE_URL: 'postgres://signing:a-database-password@postgres:5432/custody',
      RPC_PROOF_KEY: Buffer.alloc(32, 2).toString('base64url'),
      RPC_PROOF_PUBLIC_KEYS: `gateway=${Buffer.alloc(32, 3).toString('base64url')}`,
    };
    expect(() => loadConfig('signing', production)).toThrow(
      /SIGNING_PKCS11_MODULE: Required in production/,
    );
    const token = {
      SIGNING_PKCS11_MODULE: '/usr/lib/softhsm/libsofthsm2.so',
      SIGNING_PKCS11_TOKEN_LABEL: 'custody',
      SIGNING_PKCS11_PIN_FILE: '/run/secrets/pin',
    };
    const config = loadConfig('signing', { ...production, ...token });
    expect(() => loadMasterSeed(config, testLogger())).toThrow(/PKCS#11 token/);
    const phrase = Wallet.createRandom().mnemonic!.phrase;
    for (const variable of ['SIGNING_MASTER_MNEMONIC', 'SIGNING_MASTER_SEED_FILE'])
      expect(() => loadConfig('signing', { ...production, ...token, [variable]: phrase })).toThrow(
        `${variable}: Not allowed in production`,
      );
    expect(() =>
      loadConfig('signing', { SIGNING_PKCS11_MODULE: '/usr/lib/softhsm/libsofthsm2.so' }),
    ).toThrow(/SIGNING_PKCS11_TOKEN_LABEL: Set together with/);
  });

  it('generates a development seed once, outside the repository, readable by its owner only', () => {
    const file = path.join(dir(), 'nested', 'dev-master-seed');
    const config = loadConfig('signing', { SIGNING_DEV_SEED_FILE: file });
    const first = loadMasterSeed(config, testLogger());
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Mnemonic.isValidMnemonic(readFileSync(file, 'utf8').trim())).toBe(true);
    expect(Buffer.from(loadMasterSeed(config, testLogger()))).toEqual(Buffer.from(first));
  });

  it('reads the mnemonic from SIGNING_MASTER_SEED_FILE and rejects an invalid one', () => {
    const phrase = Wallet.createRandom().mnemonic!.phrase;
    const file = path.join(dir(), 'seed');
    writeFileSync(file, `${phrase}\n`);
    const seed = loadMasterSeed(
      loadConfig('signing', { SIGNING_MASTER_SEED_FILE: file }),
      testLogger(),
    );
    expect(Buffer.from(seed).toString('hex')).toBe(
      Mnemonic.fromPhrase(phrase).computeSeed().slice(2),
    );
    expect(() =>
      loadMasterSeed(
        loadConfig('signing', { SIGNING_MASTER_MNEMONIC: 'not a mnemonic at all' }),
        testLogger(),
      ),
    ).toThrow(/not a valid BIP-39 mnemonic/);
  });
});
