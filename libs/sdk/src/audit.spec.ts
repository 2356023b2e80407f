import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import {
  AUDIT_GENESIS_HASH,
  type AuditChainRecord,
  type AuditCheckpoint,
  auditCheckpointMessage,
  auditExportLines,
  auditRecordHash,
  auditRecordPreimage,
  verifyAuditExport,
} from './index';

// The audit export's hash and verifier (docs/decisions/audit.md). The hash is pinned against a
// SHA-256 computed here from the documented serialization, so that a change to either shows.

const TENANT = '01900000-0000-7000-8000-00000000000a';

function keyPair(): { privateKey: KeyObject; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' });
  return { privateKey, publicKey: String(jwk.x) };
}

const key = keyPair();

function uuid(n: number): string {
  return `01900000-0000-7000-8000-${n.toString(16).padStart(12, '0')}`;
}

/** A chain of `count` records, hashed as identity appends them. */
function chain(name: string, count: number, tenantId: string | null): AuditChainRecord[] {
  const records: AuditChainRecord[] = [];
  let prevHash = AUDIT_GENESIS_HASH;
  for (let seq = 1; seq <= count; seq++) {
    const content = {
      chain: name,
      seq,
      id: uuid(seq + (tenantId ? 1000 : 0)),
      occurredAt: new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString(),
      requestId: `req-${seq}`,
      action: seq % 2 ? 'createTransfer' : 'createIndividualPerson',
      method: 'POST',
      path: '/v1/transfers',
      clientId: tenantId,
      tenantId,
      userId: null,
      targetId: `target-${seq}`,
      device: null,
      ip: '203.0.113.7',
      remoteIp: '127.0.0.1',
      status: 201,
      outcome: 'success' as const,
      detail: null,
      prevHash,
    };
    const record = { ...content, hash: auditRecordHash(content) };
    records.push(record);
    prevHash = record.hash;
  }
  return records;
}

function checkpoint(
  record: Pick<AuditChainRecord, 'chain' | 'seq' | 'hash' | 'tenantId'>,
  signer = key,
  keyId = 'k1',
): AuditCheckpoint {
  const unsigned = {
    chain: record.chain,
    tenantId: record.tenantId,
    seq: record.seq,
    hash: record.hash,
    createdAt: '2026-01-01T01:00:00.000Z',
    keyId,
  };
  const signature = sign(null, Buffer.from(auditCheckpointMessage(unsigned)), signer.privateKey);
  return { ...unsigned, signature: signature.toString('base64url') };
}

function exportLines(records: AuditChainRecord[], chainName?: string): string[] {
  return [
    JSON.stringify({
      type: 'header',
      format: 'custody.audit.export.v1',
      exportedAt: '2026-01-02T00:00:00.000Z',
      ...(chainName ? { chain: chainName } : {}),
      keys: [{ keyId: 'k1', publicKey: key.publicKey }],
    }),
    ...records.map((r) => JSON.stringify(r)),
    JSON.stringify({ type: 'end', records: records.length }),
  ];
}

const platform = chain('platform', 4, null);
const tenant = chain(TENANT, 6, TENANT);
// Chain order: the tenant's id sorts before `platform`.
const all = [...tenant, ...platform];
const at = (records: AuditChainRecord[], seq: number) => records[seq - 1] as AuditChainRecord;
const checkpoints = [
  checkpoint(at(tenant, 6)),
  checkpoint(at(tenant, 3)),
  checkpoint(at(platform, 4)),
];

describe('the record hash', () => {
  it('is SHA-256 over the fixed-order JSON array of the record', () => {
    const record = at(tenant, 1);
    const preimage = auditRecordPreimage(record);
    expect(JSON.parse(preimage)).toEqual([
      'custody.audit.v1',
      TENANT,
      1,
      AUDIT_GENESIS_HASH,
      record.id,
      '2026-01-01T00:00:01.000Z',
      'req-1',
      'createTransfer',
      'POST',
      '/v1/transfers',
      TENANT,
      TENANT,
      null,
      'target-1',
      null,
      '203.0.113.7',
      '127.0.0.1',
      201,
      'success',
      null,
    ]);
    expect(record.hash).toBe(createHash('sha256').update(preimage).digest('hex'));
    // Every field counts, the position and the link included.
    for (const change of [{ seq: 2 }, { prevHash: 'f'.repeat(64) }, { status: 200 }, { ip: null }])
      expect(auditRecordHash({ ...record, ...change })).not.toBe(record.hash);
    // A missing `detail` and a null one are the same record.
    const { detail: _, ...withoutDetail } = record;
    expect(auditRecordHash(withoutDetail as AuditChainRecord)).toBe(record.hash);
  });
});

describe('verifyAuditExport', () => {
  it('accepts an intact export with its signed checkpoints (bare, or as the webhook carried them)', async () => {
    const asWebhook = checkpoints.map((data, i) => ({
      id: uuid(9000 + i),
      event: 'audit-checkpoint.is-created',
      createdAt: data.createdAt,
      tenantId: data.tenantId,
      data,
    }));
    for (const given of [checkpoints, asWebhook]) {
      const result = await verifyAuditExport(exportLines(all), given, key.publicKey);
      expect(result).toEqual({
        ok: true,
        records: 10,
        checkpoints: 3,
        chains: [
          { chain: TENANT, records: 6, headHash: at(tenant, 6).hash, checkpointedSeq: 6 },
          { chain: 'platform', records: 4, headHash: at(platform, 4).hash, checkpointedSeq: 4 },
        ],
      });
    }
    // The keys of the export's header, when none is given; a stream of chunks as fetch gives it.
    const body = exportLines(all).join('\n') + '\n';
    const chunks = async function* () {
      for (let i = 0; i < body.length; i += 97)
        yield new TextEncoder().encode(body.slice(i, i + 97));
    };
    expect(await verifyAuditExport(auditExportLines(chunks()), checkpoints)).toMatchObject({
      ok: true,
      records: 10,
    });
  });

  it('names a record changed after it was written', async () => {
    const altered = all.map((r) => (r === at(tenant, 4) ? { ...r, action: 'deleteUser' } : r));
    expect(await verifyAuditExport(exportLines(altered), checkpoints, key.publicKey)).toMatchObject(
      {
        ok: false,
        problem: 'altered',
        chain: TENANT,
        seq: 4,
        id: at(tenant, 4).id,
        line: 5,
      },
    );
  });

  it('names the position of a record removed', async () => {
    const deleted = all.filter((r) => r !== at(tenant, 2));
    expect(await verifyAuditExport(exportLines(deleted), checkpoints, key.publicKey)).toMatchObject(
      {
        ok: false,
        problem: 'missing',
        chain: TENANT,
        seq: 2,
      },
    );
  });

  it('names a record moved: its lines swapped, or its position taken by another', async () => {
    const swapped = [...all];
    [swapped[2], swapped[3]] = [swapped[3] as AuditChainRecord, swapped[2] as AuditChainRecord];
    expect(await verifyAuditExport(exportLines(swapped), checkpoints, key.publicKey)).toMatchObject(
      {
        ok: false,
        problem: 'out_of_order',
        chain: TENANT,
        seq: 4,
        id: at(tenant, 4).id,
      },
    );
    // As a database swap of two positions reads back: each keeps its hash and link.
    const renumbered = all.map((r) =>
      r === at(tenant, 3)
        ? { ...at(tenant, 4), seq: 3 }
        : r === at(tenant, 4)
          ? { ...at(tenant, 3), seq: 4 }
          : r,
    );
    expect(
      await verifyAuditExport(exportLines(renumbered), checkpoints, key.publicKey),
    ).toMatchObject({
      ok: false,
      problem: 'broken_link',
      chain: TENANT,
      seq: 3,
      id: at(tenant, 4).id,
    });
  });

  it('finds the records lost at the end of a chain, a chain lost whole, and a cut download', async () => {
    const short = all.filter((r) => r !== at(tenant, 6) && r !== at(tenant, 5));
    expect(await verifyAuditExport(exportLines(short), checkpoints, key.publicKey)).toMatchObject({
      ok: false,
      problem: 'truncated',
      chain: TENANT,
      seq: 5,
    });
    expect(await verifyAuditExport(exportLines(tenant), checkpoints, key.publicKey)).toMatchObject({
      ok: false,
      problem: 'truncated',
      chain: 'platform',
      seq: 1,
    });
    // The tenant's own export: the platform's checkpoints are not its business.
    expect(
      await verifyAuditExport(exportLines(tenant, TENANT), checkpoints, key.publicKey),
    ).toMatchObject({ ok: true, records: 6 });
    const cut = exportLines(all).slice(0, -1);
    expect(await verifyAuditExport(cut, checkpoints, key.publicKey)).toMatchObject({
      ok: false,
      problem: 'truncated',
    });
  });

  it('finds a chain rewritten from a changed record on, hashes and all, at its checkpoint', async () => {
    // Seq 5 changed, 5 and 6 hashed again: consistent, but not what the checkpoint of 6 signed.
    const rewritten = [...tenant.slice(0, 4)];
    let prevHash = at(tenant, 4).hash;
    for (const r of tenant.slice(4)) {
      const content = { ...r, action: 'rewritten', prevHash };
      const record = { ...content, hash: auditRecordHash(content) };
      rewritten.push(record);
      prevHash = record.hash;
    }
    expect(
      await verifyAuditExport(exportLines([...rewritten, ...platform]), checkpoints, key.publicKey),
    ).toMatchObject({ ok: false, problem: 'checkpoint_mismatch', chain: TENANT, seq: 6 });
  });

  it('refuses a forged checkpoint: changed after signing, or signed by another key', async () => {
    const changed = { ...(checkpoints[0] as AuditCheckpoint), seq: 5, hash: at(tenant, 5).hash };
    expect(await verifyAuditExport(exportLines(all), [changed], key.publicKey)).toMatchObject({
      ok: false,
      problem: 'forged_checkpoint',
      chain: TENANT,
      seq: 5,
    });
    const stranger = checkpoint(at(tenant, 6), keyPair());
    expect(await verifyAuditExport(exportLines(all), [stranger], key.publicKey)).toMatchObject({
      ok: false,
      problem: 'forged_checkpoint',
    });
    // A key id the trusted keys do not list.
    expect(
      await verifyAuditExport(
        exportLines(all),
        [checkpoint(at(tenant, 6), key, 'k2')],
        [{ keyId: 'k1', publicKey: key.publicKey }],
      ),
    ).toMatchObject({ ok: false, problem: 'forged_checkpoint' });
  });

  it('refuses lines that are not an export', async () => {
    expect(await verifyAuditExport(['{"chain":1}'], [], key.publicKey)).toMatchObject({
      ok: false,
      problem: 'malformed',
      line: 1,
    });
    expect(await verifyAuditExport(['not json'], [], key.publicKey)).toMatchObject({
      ok: false,
      problem: 'malformed',
    });
  });
});
