import { createHash, createPublicKey, type KeyObject, verify } from 'node:crypto';

// The audit log's hash chains (docs/decisions/audit.md): the one definition of a record's hash
// and of a checkpoint's signed message. Identity hashes with these functions as it appends, and
// `verifyAuditExport` checks an export with them, so the writer and the verifier cannot drift.
// Node only (node:crypto); no other import, so that identity can take this file alone.

/** The `prevHash` of a chain's first record. */
export const AUDIT_GENESIS_HASH = '0'.repeat(64);

/** The chain of the records that have no tenant (unauthenticated requests, refused RPCs). */
export const AUDIT_PLATFORM_CHAIN = 'platform';

/** The event that carries a checkpoint to the feed and the webhooks. */
export const AUDIT_CHECKPOINT_EVENT = 'audit-checkpoint.is-created';

/** One record of the audit log as `GET /v1/audit/export` writes it: one JSON line. */
export interface AuditChainRecord {
  /** The record's tenant, or `platform`. */
  chain: string;
  /** Its position in its chain, from 1, without gaps. */
  seq: number;
  id: string;
  /** ISO 8601, milliseconds, UTC (`Date#toISOString`). */
  occurredAt: string;
  requestId: string;
  action: string;
  method: string;
  path: string;
  clientId: string | null;
  tenantId: string | null;
  userId: string | null;
  targetId: string | null;
  device: string | null;
  ip: string | null;
  remoteIp: string | null;
  status: number;
  outcome: 'success' | 'failure';
  detail: string | null;
  /** The hash of the record before it in its chain (`AUDIT_GENESIS_HASH` for the first). */
  prevHash: string;
  /** SHA-256 (hex) of `auditRecordPreimage(record)`. */
  hash: string;
}

/** A signed statement of a chain's head: what identity publishes to the feed and the webhooks. */
export interface AuditCheckpoint {
  chain: string;
  /** The chain's tenant (null for the platform chain). */
  tenantId: string | null;
  /** The head's position and hash when the checkpoint was made. */
  seq: number;
  hash: string;
  createdAt: string;
  /** Which key signed it (the export's header lists the keys). */
  keyId: string;
  /** Ed25519 over `auditCheckpointMessage(checkpoint)`, base64url. */
  signature: string;
}

/** A checkpoint key as the export's header lists it: raw Ed25519 public key, base64url. */
export interface AuditPublicKey {
  keyId: string;
  publicKey: string;
}

/** The chain a record belongs to: its tenant's, or the platform's. */
export function auditChainOf(tenantId: string | null): string {
  return tenantId ?? AUDIT_PLATFORM_CHAIN;
}

/**
 * The text a record's hash is taken over: a JSON array of its fields in a fixed order, prefixed
 * by the format's name. For strings, integers and null, `JSON.stringify` writes what RFC 8785
 * (JSON Canonicalization) writes, so another language reproduces it with a JCS library.
 */
export function auditRecordPreimage(record: Omit<AuditChainRecord, 'hash'>): string {
  const r = record;
  return JSON.stringify([
    'custody.audit.v1',
    r.chain,
    r.seq,
    r.prevHash,
    r.id,
    r.occurredAt,
    r.requestId,
    r.action,
    r.method,
    r.path,
    r.clientId ?? null,
    r.tenantId ?? null,
    r.userId ?? null,
    r.targetId ?? null,
    r.device ?? null,
    r.ip ?? null,
    r.remoteIp ?? null,
    r.status,
    r.outcome,
    r.detail ?? null,
  ]);
}

/** SHA-256 (hex) of the record's preimage. */
export function auditRecordHash(record: Omit<AuditChainRecord, 'hash'>): string {
  return createHash('sha256').update(auditRecordPreimage(record), 'utf8').digest('hex');
}

/** The text a checkpoint's signature covers. */
export function auditCheckpointMessage(checkpoint: Omit<AuditCheckpoint, 'signature'>): string {
  const c = checkpoint;
  return JSON.stringify([
    'custody.audit.checkpoint.v1',
    c.chain,
    c.tenantId ?? null,
    c.seq,
    c.hash,
    c.createdAt,
    c.keyId,
  ]);
}

const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');

/** A raw Ed25519 public key (32 bytes, base64url) as a KeyObject. */
export function auditPublicKey(raw: string): KeyObject {
  const bytes = Buffer.from(raw, 'base64url');
  if (bytes.length !== 32) throw new Error('An Ed25519 public key has 32 bytes (base64url)');
  return createPublicKey({
    key: Buffer.concat([SPKI_ED25519, bytes]),
    format: 'der',
    type: 'spki',
  });
}

/** Whether `key` signed the checkpoint. */
export function verifyAuditCheckpoint(checkpoint: AuditCheckpoint, key: KeyObject): boolean {
  try {
    return verify(
      null,
      Buffer.from(auditCheckpointMessage(checkpoint), 'utf8'),
      key,
      Buffer.from(checkpoint.signature, 'base64url'),
    );
  } catch {
    return false;
  }
}

/** What was wrong, for the first bad line or record `verifyAuditExport` met. */
export type AuditProblem =
  /** A line that is not a record, a header or an end line. */
  | 'malformed'
  /** A record whose hash is not the hash of its content: changed after it was written. */
  | 'altered'
  /** A position of the chain with no record: removed. */
  | 'missing'
  /** A record whose `prevHash` is not the previous record's hash: moved, or one before it changed. */
  | 'broken_link'
  /** A record, or a chain, out of the export's order. */
  | 'out_of_order'
  /** The chain stops before a checkpoint's position: records at its end removed. */
  | 'truncated'
  /** The chain does not reach a checkpoint's hash: records rewritten and rehashed. */
  | 'checkpoint_mismatch'
  /** A checkpoint whose signature none of the keys makes. */
  | 'forged_checkpoint';

export interface AuditFault {
  ok: false;
  problem: AuditProblem;
  /** The chain, position and id of the record named (the id when the record is there). */
  chain?: string;
  seq?: number;
  id?: string;
  /** The export's line (1-based), when the fault is on one. */
  line?: number;
  message: string;
}

export interface AuditChainSummary {
  chain: string;
  records: number;
  /** The hash of the chain's last record in the export. */
  headHash: string;
  /** The highest position a checkpoint vouched for (0: none). */
  checkpointedSeq: number;
}

export interface AuditVerified {
  ok: true;
  records: number;
  checkpoints: number;
  chains: AuditChainSummary[];
}

export type AuditVerification = AuditVerified | AuditFault;

/** One raw key (any key id), or the keys by id (as the export's header lists them). */
export type AuditPublicKeys = string | readonly AuditPublicKey[];

/** The first line of an export. */
interface ExportHeader {
  type: 'header';
  /** One chain's export, or every chain's (absent). */
  chain?: string;
  keys?: AuditPublicKey[];
}

const HEX64 = /^[0-9a-f]{64}$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const nullableString = (value: unknown) => value === null || typeof value === 'string';

function asRecord(value: unknown): AuditChainRecord | undefined {
  if (!isObject(value)) return undefined;
  const v = value;
  const strings = ['chain', 'id', 'occurredAt', 'requestId', 'action', 'method', 'path'];
  const nullable = ['clientId', 'tenantId', 'userId', 'targetId', 'device', 'ip', 'remoteIp'];
  if (!strings.every((key) => typeof v[key] === 'string')) return undefined;
  if (!nullable.every((key) => nullableString(v[key]))) return undefined;
  if (!(v['detail'] === undefined || nullableString(v['detail']))) return undefined;
  if (!Number.isSafeInteger(v['seq']) || (v['seq'] as number) < 1) return undefined;
  if (!Number.isInteger(v['status'])) return undefined;
  if (v['outcome'] !== 'success' && v['outcome'] !== 'failure') return undefined;
  if (typeof v['prevHash'] !== 'string' || typeof v['hash'] !== 'string') return undefined;
  return { ...(v as unknown as AuditChainRecord), detail: (v['detail'] as string | null) ?? null };
}

/**
 * A checkpoint as given: the checkpoint itself, or the event that carried it (a webhook's body
 * or an item of the event feed: `{ event: 'audit-checkpoint.is-created', data }`).
 */
function asCheckpoint(value: unknown): AuditCheckpoint | undefined {
  const c = isObject(value) && value['event'] === AUDIT_CHECKPOINT_EVENT ? value['data'] : value;
  if (!isObject(c)) return undefined;
  if (
    typeof c['chain'] !== 'string' ||
    !nullableString(c['tenantId']) ||
    !Number.isSafeInteger(c['seq']) ||
    (c['seq'] as number) < 1 ||
    typeof c['hash'] !== 'string' ||
    typeof c['createdAt'] !== 'string' ||
    typeof c['keyId'] !== 'string' ||
    typeof c['signature'] !== 'string'
  )
    return undefined;
  return c as unknown as AuditCheckpoint;
}

function keyTable(keys: AuditPublicKeys): (keyId: string) => KeyObject | undefined {
  if (typeof keys === 'string') {
    const key = auditPublicKey(keys);
    return () => key;
  }
  const table = new Map(keys.map((k) => [k.keyId, auditPublicKey(k.publicKey)]));
  return (keyId) => table.get(keyId);
}

/** Where a chain of the export stands while its records are read. */
interface ChainState {
  chain: string;
  seq: number;
  hash: string;
  /** The checkpoints of this chain, by position. */
  checkpoints: Map<number, AuditCheckpoint>;
  checkpointedSeq: number;
  /** The last position vouched for so far, where a rewrite would start after. */
  lastMatched: number;
}

const fault = (
  problem: AuditProblem,
  message: string,
  at: Partial<AuditFault> = {},
): AuditFault => ({
  ok: false,
  problem,
  ...at,
  message,
});

/**
 * Checks an audit export (`GET /v1/audit/export`, one JSON value a line) against the checkpoints
 * published to the event feed and the webhooks, offline. Each chain must start at 1 and go on
 * without gaps; each record's `prevHash` must be the previous record's hash and its `hash` the
 * hash of its content; every checkpoint must be signed by one of the keys and the chain must hold
 * its hash at its position (a chain shorter than a checkpoint lost records at its end).
 *
 * Answers `{ ok: true }` with each chain's summary, or the first fault: the record named by
 * chain, position (`seq`) and id, and the line. Memory holds one record and the checkpoints, not
 * the export. `publicKey`: the checkpoint keys you trust; without it, the export header's keys
 * are used, which only the service that wrote the export vouches for.
 */
export async function verifyAuditExport(
  lines: Iterable<string> | AsyncIterable<string>,
  checkpoints: readonly unknown[],
  publicKey?: AuditPublicKeys,
): Promise<AuditVerification> {
  const parsed: AuditCheckpoint[] = [];
  for (const [index, value] of checkpoints.entries()) {
    const checkpoint = asCheckpoint(value);
    if (!checkpoint)
      return fault('malformed', `Checkpoint ${index + 1} is not an audit checkpoint.`);
    parsed.push(checkpoint);
  }
  const byChain = new Map<string, Map<number, AuditCheckpoint>>();
  for (const c of parsed) {
    const chain = byChain.get(c.chain) ?? new Map<number, AuditCheckpoint>();
    const other = chain.get(c.seq);
    if (other && other.hash !== c.hash)
      return fault(
        'forged_checkpoint',
        `Two checkpoints of chain ${c.chain} give seq ${c.seq} different hashes.`,
        { chain: c.chain, seq: c.seq },
      );
    chain.set(c.seq, c);
    byChain.set(c.chain, chain);
  }

  let header: ExportHeader | undefined;
  let keysChecked = false;
  const checkKeys = (): AuditFault | undefined => {
    keysChecked = true;
    const keys = publicKey ?? header?.keys;
    if (parsed.length === 0) return undefined;
    if (keys === undefined || (typeof keys !== 'string' && keys.length === 0))
      return fault('forged_checkpoint', 'No public key to check the checkpoints with.');
    let keyOf: (keyId: string) => KeyObject | undefined;
    try {
      keyOf = keyTable(keys);
    } catch (error) {
      return fault('malformed', `Bad public key: ${(error as Error).message}`);
    }
    for (const c of parsed) {
      const key = keyOf(c.keyId);
      if (!key || !verifyAuditCheckpoint(c, key))
        return fault(
          'forged_checkpoint',
          `The checkpoint of chain ${c.chain} at seq ${c.seq} (${c.createdAt}) is not signed by ` +
            (key ? `key ${c.keyId}.` : `a known key (its key id: ${c.keyId}).`),
          { chain: c.chain, seq: c.seq },
        );
    }
    return undefined;
  };

  const seen = new Set<string>();
  const summaries: AuditChainSummary[] = [];
  let current: ChainState | undefined;
  let records = 0;
  let lineNo = 0;
  let ended: { records: number } | undefined;
  /** A record past a position with none: a removal, unless the next record is that one. */
  let gap: { record: AuditChainRecord; line: number; missing: AuditFault } | undefined;

  /** The end of a chain: its checkpoints beyond its last record are records lost at its end. */
  const finish = (state: ChainState): AuditFault | undefined => {
    for (const [seq, c] of state.checkpoints)
      if (seq > state.seq)
        return fault(
          'truncated',
          `Chain ${state.chain} ends at seq ${state.seq}, but a checkpoint (${c.createdAt}) ` +
            `vouches for seq ${seq}: records ${state.seq + 1} to ${seq} are missing.`,
          { chain: state.chain, seq: state.seq + 1 },
        );
    summaries.push({
      chain: state.chain,
      records: state.seq,
      headHash: state.hash,
      checkpointedSeq: state.checkpointedSeq,
    });
    return undefined;
  };

  for await (const raw of lines) {
    lineNo += 1;
    const text = raw.trim();
    if (text === '') continue;
    if (ended) return fault('malformed', 'A line after the end line.', { line: lineNo });
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return fault('malformed', `Line ${lineNo} is not JSON.`, { line: lineNo });
    }
    if (isObject(value) && value['type'] === 'header') {
      if (header || records > 0)
        return fault('malformed', 'The header is not the first line.', { line: lineNo });
      header = value as unknown as ExportHeader;
      continue;
    }
    if (isObject(value) && value['type'] === 'end') {
      ended = { records: Number(value['records']) };
      continue;
    }
    if (!keysChecked) {
      const bad = checkKeys();
      if (bad) return bad;
    }
    const record = asRecord(value);
    if (!record)
      return fault('malformed', `Line ${lineNo} is not an audit record.`, { line: lineNo });
    if (gap) {
      if (record.chain === gap.record.chain && record.seq < gap.record.seq)
        return fault(
          'out_of_order',
          `Record ${gap.record.id} (chain ${gap.record.chain}, seq ${gap.record.seq}) comes ` +
            `before seq ${record.seq}: moved.`,
          { chain: gap.record.chain, seq: gap.record.seq, id: gap.record.id, line: gap.line },
        );
      return gap.missing;
    }
    const at = { chain: record.chain, seq: record.seq, id: record.id, line: lineNo };
    if (header?.chain !== undefined && record.chain !== header.chain)
      return fault(
        'malformed',
        `A record of chain ${record.chain} in an export of chain ${header.chain}.`,
        at,
      );
    if (record.chain !== auditChainOf(record.tenantId))
      return fault(
        'altered',
        `Record ${record.id} is in chain ${record.chain}, not its tenant's.`,
        at,
      );
    if (current?.chain !== record.chain) {
      if (current) {
        const bad = finish(current);
        if (bad) return bad;
      }
      if (seen.has(record.chain) || (current && record.chain < current.chain))
        return fault('out_of_order', `Chain ${record.chain} appears out of its place.`, at);
      seen.add(record.chain);
      current = {
        chain: record.chain,
        seq: 0,
        hash: AUDIT_GENESIS_HASH,
        checkpoints: byChain.get(record.chain) ?? new Map(),
        checkpointedSeq: 0,
        lastMatched: 0,
      };
    }
    const state = current;
    const expected = state.seq + 1;
    if (record.seq < expected)
      return fault(
        'out_of_order',
        `Record ${record.id} (chain ${record.chain}, seq ${record.seq}) comes after seq ${state.seq}.`,
        at,
      );
    if (record.seq > expected) {
      // Removed, or moved later: the next record tells (a lower position then is a move).
      gap = {
        record,
        line: lineNo,
        missing: fault(
          'missing',
          `Chain ${record.chain} has no record at seq ${expected}: the next one is seq ${record.seq} (${record.id}).`,
          { chain: record.chain, seq: expected, line: lineNo },
        ),
      };
      continue;
    }
    if (record.prevHash !== state.hash)
      return fault(
        'broken_link',
        `Record ${record.id} (chain ${record.chain}, seq ${record.seq}) does not follow seq ` +
          `${state.seq}: its prevHash is not that record's hash (moved, or one before it changed).`,
        at,
      );
    if (!HEX64.test(record.hash) || auditRecordHash(record) !== record.hash)
      return fault(
        'altered',
        `Record ${record.id} (chain ${record.chain}, seq ${record.seq}) does not match its hash: changed after it was written.`,
        at,
      );
    const checkpoint = state.checkpoints.get(record.seq);
    if (checkpoint) {
      if (checkpoint.hash !== record.hash)
        return fault(
          'checkpoint_mismatch',
          `Chain ${record.chain} at seq ${record.seq} is not what the checkpoint of ` +
            `${checkpoint.createdAt} signed: a record from seq ${state.lastMatched + 1} to ` +
            `${record.seq} was changed and the chain after it hashed again.`,
          at,
        );
      state.checkpointedSeq = record.seq;
      state.lastMatched = record.seq;
    }
    state.seq = record.seq;
    state.hash = record.hash;
    records += 1;
  }
  if (gap) return gap.missing;
  if (!keysChecked) {
    const bad = checkKeys();
    if (bad) return bad;
  }
  if (current) {
    const bad = finish(current);
    if (bad) return bad;
  }
  if (header && !ended)
    return fault('truncated', 'The export has no end line: its download was cut short.');
  if (ended && ended.records !== records)
    return fault(
      'truncated',
      `The export's end line counts ${ended.records} records; it holds ${records}.`,
    );
  // Chains the checkpoints know and the export does not have (in an export of every chain, or
  // of that chain): every one of their records is missing.
  for (const [chain, byseq] of byChain) {
    if (seen.has(chain) || (header?.chain !== undefined && header.chain !== chain)) continue;
    const highest = Math.max(...byseq.keys());
    return fault(
      'truncated',
      `Chain ${chain} is not in the export, but a checkpoint vouches for ${highest} records of it.`,
      { chain, seq: 1 },
    );
  }
  return { ok: true, records, checkpoints: parsed.length, chains: summaries };
}

/** The lines of a text stream (a `fetch` body, a file's chunks), each without its newline. */
export async function* auditExportLines(
  chunks: AsyncIterable<Uint8Array | string>,
): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let rest = '';
  for await (const chunk of chunks) {
    rest += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    let newline: number;
    while ((newline = rest.indexOf('\n')) >= 0) {
      yield rest.slice(0, newline);
      rest = rest.slice(newline + 1);
    }
  }
  rest += decoder.decode();
  if (rest !== '') yield rest;
}
