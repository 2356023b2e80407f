import { readFileSync } from 'node:fs';
import { Command, InvalidArgumentError } from 'commander';
import { loadConfig } from '@custody/config';
import { createDatabase, createPool, migrate } from '@custody/persistence';
import { createLogger } from '@custody/logging';
import { EvmSigner } from '../chains/evm-signer';
import { QubicSigner } from '../chains/qubic-signer';
import { keyIndexReport } from '../keys/key-index';
import { TokenIndexMarks } from '../keystore/index-marks';
import { Pkcs11Token } from '../keystore/pkcs11-token';
import { TokenSeedVault } from '../keystore/seed-vault';
import { tokenConfig } from '../keystore/open-seed-vault';
import {
  backupSeed,
  type CeremonyContext,
  importMnemonic,
  initSeed,
  restoreSeed,
  rotateKey,
  sealedIdentity,
} from './ceremony';

const whole = (value: string) => {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('a whole number');
  return Number(value);
};

/**
 * The key ceremony's commands (docs/operations/key-ceremony.md), with the signing service's
 * environment: `node dist/apps/signing/main.js ceremony <command>` (`npm run signing:ceremony --
 * <command>` from a checkout). Prints one JSON line per outcome; exits 1 on a refusal.
 */
export async function runCeremony(argv: string[], migrationsDir: string): Promise<void> {
  const config = loadConfig('signing');
  const token = tokenConfig(config);
  if (!token)
    throw new Error(
      'The ceremony needs the token: set SIGNING_PKCS11_MODULE, SIGNING_PKCS11_TOKEN_LABEL and SIGNING_PKCS11_PIN_FILE',
    );
  const pool = createPool(config.DATABASE_URL, { max: 2, applicationName: 'signing-ceremony' });
  const pkcs11 = new Pkcs11Token(token);
  const ctx: CeremonyContext = {
    db: createDatabase(pool),
    token: pkcs11,
    keyLabel: token.keyLabel,
    production: config.NODE_ENV === 'production',
  };
  const print = (outcome: object): void => {
    process.stdout.write(`${JSON.stringify(outcome)}\n`);
  };
  const program = new Command('ceremony')
    .description('The master seed key ceremony of the signing service')
    .exitOverride();
  program
    .command('init')
    .description(
      "Create the master seed from the token's random generator, sealed by a new token key",
    )
    .action(async () => print({ command: 'init', ...(await initSeed(ctx)) }));
  program
    .command('import-mnemonic')
    .description('Seal an existing BIP-39 mnemonic (read from a file) into the token')
    .requiredOption('--file <file>', 'a file holding the mnemonic (shred it afterwards)')
    .action(async (options: { file: string }) =>
      print({
        command: 'import-mnemonic',
        ...(await importMnemonic(ctx, readFileSync(options.file, 'utf8'))),
      }),
    );
  program
    .command('status')
    .description('Unseal the seed once and print its fingerprint, first address and token key')
    .action(async () => print({ command: 'status', ...(await sealedIdentity(ctx)) }));
  program
    .command('backup')
    .description('Write N Shamir shares of the seed, any M of which restore it: one per custodian')
    .requiredOption('--shares <n>', 'how many shares (custodians)', whole)
    .requiredOption('--threshold <m>', 'how many shares restore the seed', whole)
    .requiredOption('--out <dir>', 'where to write the share files (never over a file)')
    .action(async (options: { shares: number; threshold: number; out: string }) =>
      print({
        command: 'backup',
        ...(await backupSeed(ctx, {
          shares: options.shares,
          threshold: options.threshold,
          outDir: options.out,
        })),
      }),
    );
  program
    .command('restore')
    .description(
      "Restore the seed from M shares into a new token (the shares' fingerprint checked)",
    )
    .requiredOption('--shares <files...>', 'the share files')
    .action(async (options: { shares: string[] }) =>
      print({ command: 'restore', ...(await restoreSeed(ctx, options.shares)) }),
    );
  program
    .command('rotate-key')
    .description('Generate a new token key, re-encrypt the seed with it, destroy the old key')
    .action(async () => print({ command: 'rotate-key', ...(await rotateKey(ctx)) }));
  program
    .command('key-index')
    .description(
      "Print each chain's key index mark (the token's) and the highest index the database knows",
    )
    .option('--chain <chain>', 'evm or qubic (default: both)')
    .option('--raise-to <n>', 'raise the mark to at least this index first', whole)
    .option('--addresses', 'derive the addresses of the indexes past the database (at most 1,000)')
    .action(async (options: { chain?: string; raiseTo?: number; addresses?: boolean }) => {
      if (options.chain !== undefined && options.chain !== 'evm' && options.chain !== 'qubic')
        throw new InvalidArgumentError('--chain is evm or qubic');
      const vault = new TokenSeedVault(
        ctx.db,
        pkcs11,
        createLogger({ service: 'signing' }),
        ctx.production,
      );
      const signers = { evm: new EvmSigner(vault), qubic: new QubicSigner(vault) };
      print({
        command: 'key-index',
        chains: await keyIndexReport(ctx.db, new TokenIndexMarks(pkcs11), {
          ...(options.chain ? { chain: options.chain } : {}),
          ...(options.raiseTo !== undefined ? { raiseTo: options.raiseTo } : {}),
          ...(options.addresses ? { derive: (chain, index) => signers[chain].derive(index) } : {}),
        }),
      });
    });
  try {
    await migrate(pool, { schema: 'signing', dir: migrationsDir });
    await program.parseAsync(argv, { from: 'user' });
  } finally {
    pkcs11.close();
    await pool.end();
  }
}
