import { createReadStream, createWriteStream, readFileSync, statSync } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import {
  auditExportLines,
  CustodyError,
  verifyAuditExport,
  type AuditPublicKey,
  type AuditVerification,
} from '@custody/sdk';
import type { Command } from 'commander';
import { Context, type CliIo } from '../context';
import { CliError } from '../errors';

interface VerifyOptions {
  checkpoints: string;
  publicKey?: string[];
}

interface ExportOptions {
  chain?: string;
  output?: string;
}

/** A file's text, or a usage error naming it. */
function readText(file: string, what: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new CliError(
      'file_unreadable',
      `Cannot read ${what} ${file}: ${(error as Error).message}`,
    );
  }
}

/**
 * The checkpoints of a file: a JSON array, or one JSON value a line (what a webhook receiver
 * keeps: each delivery's body, `{ event: 'audit-checkpoint.is-created', data }`, or the checkpoints alone).
 */
export function readCheckpoints(text: string): unknown[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  try {
    const whole: unknown = JSON.parse(trimmed);
    if (Array.isArray(whole)) return whole;
    return [whole];
  } catch {
    // JSON Lines
  }
  return trimmed
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line, i) => {
      try {
        return JSON.parse(line) as unknown;
      } catch {
        throw new CliError('invalid_checkpoints', `Line ${i + 1} of the checkpoints is not JSON.`);
      }
    });
}

/** `--public-key` values: `keyId=key` or a bare key (any key id). */
function publicKeys(values: string[] | undefined): string | AuditPublicKey[] | undefined {
  if (!values || values.length === 0) return undefined;
  if (values.length === 1 && !values[0]?.includes('=')) return values[0];
  return values.map((value) => {
    const at = value.indexOf('=');
    if (at <= 0)
      throw new CliError('usage_error', '--public-key takes keyId=key when given more than once.');
    return { keyId: value.slice(0, at), publicKey: value.slice(at + 1) };
  });
}

function describe(result: AuditVerification): string {
  if (!result.ok) {
    const where = [
      result.chain !== undefined ? `chain ${result.chain}` : undefined,
      result.seq !== undefined ? `seq ${result.seq}` : undefined,
      result.id !== undefined ? `record ${result.id}` : undefined,
      result.line !== undefined ? `line ${result.line}` : undefined,
    ].filter((part) => part !== undefined);
    return `${result.problem}${where.length > 0 ? ` (${where.join(', ')})` : ''}: ${result.message}`;
  }
  const chains = result.chains
    .map(
      (c) =>
        `  ${c.chain}: ${c.records} records, checkpointed up to seq ${c.checkpointedSeq}` +
        (c.checkpointedSeq < c.records ? ` (${c.records - c.checkpointedSeq} after it)` : ''),
    )
    .join('\n');
  return (
    `ok: ${result.records} records in ${result.chains.length} chains, ` +
    `${result.checkpoints} checkpoints verified\n${chains}${chains ? '\n' : ''}`
  );
}

export function registerAudit(program: Command, io: CliIo): void {
  const audit = program
    .command('audit')
    .description('Export the audit log and verify an export against its checkpoints');

  audit
    .command('verify')
    .description(
      'Check an export (GET /v1/audit/export) offline against the audit-checkpoint.is-created events a webhook receiver or the feed kept; exit 1 naming the first bad record',
    )
    .argument('<export>', 'the export file (JSON Lines)')
    .requiredOption(
      '--checkpoints <file>',
      'the checkpoints: a JSON array or JSON lines (webhook bodies, feed events, or the checkpoints)',
    )
    .option(
      '--public-key <key>',
      "a key you trust for the checkpoints (raw Ed25519, base64url, or keyId=key; repeat for several); default: the export header's",
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .action(async (file: string, options: VerifyOptions, command: Command) => {
      const ctx = Context.of(io, command);
      const checkpoints = readCheckpoints(readText(options.checkpoints, 'the checkpoints'));
      const keys = publicKeys(options.publicKey);
      try {
        statSync(file);
      } catch (error) {
        throw new CliError(
          'file_unreadable',
          `Cannot read the export ${file}: ${(error as Error).message}`,
        );
      }
      const result = await verifyAuditExport(
        auditExportLines(createReadStream(file)),
        checkpoints,
        keys,
      );
      if (keys === undefined)
        ctx.note(
          "Checkpoint keys taken from the export's header: pass --public-key to trust your own.",
        );
      if (!result.ok) {
        if (ctx.json) ctx.print(result, () => '');
        throw new CliError(`audit_${result.problem}`, describe(result));
      }
      ctx.print(result, () => describe(result));
    });

  audit
    .command('export')
    .description(
      "Stream the audit log with its hash chains as JSON Lines: every chain (admins) or the caller's tenant's",
    )
    .option('--chain <chain>', "one chain: a tenant's id, or platform (admins)")
    .option('-o, --output <file>', 'write to this file (default: stdout)')
    .action(async (options: ExportOptions, command: Command) => {
      const ctx = Context.of(io, command);
      const client = await ctx.client();
      const { response } = await client.raw.GET('/audit/export', {
        params: { query: options.chain !== undefined ? { chain: options.chain } : {} },
        parseAs: 'stream',
      });
      if (!response.ok || !response.body) {
        const problem: unknown = await response.json().catch(() => undefined);
        throw CustodyError.fromResponse(response, problem);
      }
      const target = options.output
        ? createWriteStream(options.output)
        : new Writable({
            write(chunk: Buffer, _encoding, done) {
              io.stdout.write(chunk.toString('utf8'));
              done();
            },
          });
      await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), target);
      if (options.output) ctx.note(`Wrote ${options.output}.`);
    });
}
