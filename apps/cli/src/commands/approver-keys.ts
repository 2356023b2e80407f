import { readFileSync, writeFileSync } from 'node:fs';
import {
  approverKeyRegistration,
  approverOf,
  approverPublicKey,
  approverEndorsementDigest,
  approverKeyFingerprint,
  type CustodyClient,
  newApproverKey,
  signDigest,
} from '@custody/sdk';
import type { Command } from 'commander';
import { Context, type CliIo } from '../context';
import { CliError } from '../errors';
import { formatRecord, formatTable } from '../output';

/** An approver key file's contents (PKCS#8 PEM, or a raw 32-byte seed): a CLI error if unreadable. */
export function readKeyFile(file: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new CliError('key_unreadable', `Cannot read ${file}: ${(error as Error).message}`);
  }
  try {
    approverPublicKey(text);
  } catch {
    throw new CliError(
      'key_invalid',
      `${file} holds no Ed25519 private key (PKCS#8 PEM, or a raw 32-byte seed)`,
    );
  }
  return text;
}

/** The caller's active approver key with this private key's public key (its credential id). */
export async function activeKeyOf(client: CustodyClient, key: string): Promise<string> {
  const publicKey = approverPublicKey(key);
  const mine = await client.get('/clients/me/approver-keys');
  const found = mine.find((k) => k.publicKey === publicKey);
  if (!found || found.status !== 'active')
    throw new CliError(
      'key_not_active',
      found
        ? `This key is ${found.status}: only an active key signs (it waits for endorsements until the signer admits it).`
        : 'This key is not one of your approver keys: register it with `custody approver-keys create`.',
    );
  return found.id;
}

async function owner(client: CustodyClient) {
  const token = await client.tokens.accessToken();
  if (!token) throw new CliError('not_logged_in', 'No session: run `custody login` first.');
  return approverOf(token);
}

export function registerApproverKeys(program: Command, io: CliIo): void {
  const keys = program
    .command('approver-keys')
    .description(
      'Ed25519 keys whose signatures approve held operations (where a policy says approvers.signed)',
    );

  keys
    .command('create')
    .description('Make an Ed25519 key, write it to a file (PKCS#8 PEM, mode 0600) and register it')
    .requiredOption('--out <file>', 'where to write the private key (never overwritten)')
    .action(async (options: { out: string }, command: Command) => {
      const ctx = Context.of(io, command);
      const client = await ctx.client();
      const made = newApproverKey();
      try {
        writeFileSync(options.out, made.privateKeyPem, { mode: 0o600, flag: 'wx' });
      } catch (error) {
        throw new CliError(
          'key_unwritable',
          `Cannot write ${options.out}: ${(error as Error).message}`,
        );
      }
      const registered = await client.post('/clients/me/approver-keys', {
        body: approverKeyRegistration(made.privateKeyPem, await owner(client)),
      });
      const fingerprint = await approverKeyFingerprint(registered.publicKey);
      ctx.print(registered, () =>
        formatRecord({ ...{}, ...registered, keyFile: options.out, fingerprint }),
      );
    });

  keys
    .command('register')
    .description('Register an existing Ed25519 key (PKCS#8 PEM or raw 32-byte seed)')
    .requiredOption('--key <file>', 'the private key file')
    .action(async (options: { key: string }, command: Command) => {
      const ctx = Context.of(io, command);
      const key = readKeyFile(options.key);
      const client = await ctx.client();
      const registered = await client.post('/clients/me/approver-keys', {
        body: approverKeyRegistration(key, await owner(client)),
      });
      const fingerprint = await approverKeyFingerprint(registered.publicKey);
      ctx.print(registered, () => formatRecord({ ...{}, ...registered, fingerprint }));
    });

  keys
    .command('list')
    .description('List your approver keys')
    .action(async (_options: object, command: Command) => {
      const ctx = Context.of(io, command);
      const client = await ctx.client();
      const mine = await client.get('/clients/me/approver-keys');
      ctx.print(mine, () =>
        formatTable(
          ['ID', 'STATUS', 'ENDORSEMENTS', 'PUBLIC KEY', 'CREATED'],
          mine.map((k) => [k.id, k.status, String(k.endorsements), k.publicKey, k.createdAt]),
        ),
      );
    });

  keys
    .command('endorse')
    .description('Endorse a pending key of your tenant with one of your active keys')
    .argument('<keyId>', 'the pending key')
    .requiredOption('--key <file>', 'your active private key file')
    .option(
      '--fingerprint <fingerprint>',
      "the key's fingerprint as its holder reads it out: endorse only if the server's key has it",
    )
    .action(
      async (keyId: string, options: { key: string; fingerprint?: string }, command: Command) => {
        const ctx = Context.of(io, command);
        const key = readKeyFile(options.key);
        const client = await ctx.client();
        const pending = await client.get('/approver-keys/{key}', {
          params: { path: { key: keyId } },
        });
        // Compared out of band: the server (identity) names the key, its holder vouches for it.
        const fingerprint = await approverKeyFingerprint(pending.publicKey);
        const given = options.fingerprint?.replace(/\s+/g, '').toLowerCase();
        if (given !== undefined && given !== fingerprint.replace(/ /g, ''))
          throw new CliError(
            'fingerprint_mismatch',
            `Key ${keyId} has the fingerprint ${fingerprint}, not ${options.fingerprint}: not endorsed.`,
          );
        const credentialId = await activeKeyOf(client, key);
        // The endorsement digest, never the registration one: a proof is never an endorsement.
        const digest = approverEndorsementDigest(
          {
            tenantId: pending.tenantId,
            clientId: pending.clientId,
            kind: pending.kind,
            publicKey: pending.publicKey,
          },
          credentialId,
        );
        const endorsed = await client.post('/approver-keys/{key}/endorsements', {
          params: { path: { key: keyId } },
          body: { credentialId, signature: signDigest(digest, key) },
        });
        ctx.print(endorsed, () => formatRecord({ ...{}, ...endorsed, fingerprint }));
      },
    );

  keys
    .command('revoke')
    .description('Revoke one of your approver keys, for good')
    .argument('<keyId>', 'the key')
    .action(async (keyId: string, _options: object, command: Command) => {
      const ctx = Context.of(io, command);
      const client = await ctx.client();
      const revoked = await client.delete('/clients/me/approver-keys/{key}', {
        params: { path: { key: keyId } },
      });
      ctx.print(revoked, () => formatRecord(revoked));
    });
}
