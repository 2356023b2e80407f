import { generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AUDIT_GENESIS_HASH,
  auditCheckpointMessage,
  auditRecordHash,
  type AuditChainRecord,
} from '@custody/sdk';
import { fakeServer, json, run, tempConfig, tokenResponse, type FakeServer } from './test-harness';

// `custody audit verify` on files (the SDK's verifier, exit 1 naming the record) and `custody
// audit export` against a fake API streaming JSON Lines.

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const rawKey = String(publicKey.export({ format: 'jwk' }).x);

function records(count: number): AuditChainRecord[] {
  const out: AuditChainRecord[] = [];
  let prevHash = AUDIT_GENESIS_HASH;
  for (let seq = 1; seq <= count; seq++) {
    const content = {
      chain: 'platform',
      seq,
      id: `01900000-0000-7000-8000-${String(seq).padStart(12, '0')}`,
      occurredAt: new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString(),
      requestId: `r${seq}`,
      action: 'rpcRefused',
      method: 'RPC',
      path: 'rpc.signing/sign',
      clientId: null,
      tenantId: null,
      userId: null,
      targetId: 'rogue',
      device: null,
      ip: null,
      remoteIp: null,
      status: 403,
      outcome: 'failure' as const,
      detail: 'caller: caller_not_allowed; caller rogue',
      prevHash,
    };
    const record = { ...content, hash: auditRecordHash(content) };
    out.push(record);
    prevHash = record.hash;
  }
  return out;
}

const chain = records(5);

function exportText(list: AuditChainRecord[]): string {
  return [
    {
      type: 'header',
      format: 'custody.audit.export.v1',
      exportedAt: '2026-01-02T00:00:00.000Z',
      keys: [{ keyId: 'k1', publicKey: rawKey }],
    },
    ...list,
    { type: 'end', records: list.length },
  ]
    .map((line) => JSON.stringify(line))
    .join('\n')
    .concat('\n');
}

/** The body a webhook receiver got for the checkpoint of the chain's head. */
function webhookBody(head: AuditChainRecord): string {
  const data = {
    chain: head.chain,
    tenantId: null,
    seq: head.seq,
    hash: head.hash,
    createdAt: '2026-01-01T01:00:00.000Z',
    keyId: 'k1',
  };
  const signature = sign(null, Buffer.from(auditCheckpointMessage(data)), privateKey);
  return JSON.stringify({
    id: '01900000-0000-7000-8000-0000000000cc',
    event: 'audit-checkpoint.is-created',
    createdAt: data.createdAt,
    tenantId: null,
    data: { ...data, signature: signature.toString('base64url') },
  });
}

describe('custody audit', () => {
  let dir: string;
  let server: FakeServer | undefined;
  let config: ReturnType<typeof tempConfig> | undefined;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'custody-audit-'));
  });

  afterEach(async () => {
    rmSync(dir, { recursive: true, force: true });
    await server?.close();
    config?.remove();
    server = undefined;
    config = undefined;
  });

  function files(list: AuditChainRecord[]) {
    const exported = join(dir, 'export.jsonl');
    const checkpoints = join(dir, 'checkpoints.jsonl');
    writeFileSync(exported, exportText(list));
    writeFileSync(checkpoints, `${webhookBody(chain[4] as AuditChainRecord)}\n`);
    return { exported, checkpoints };
  }

  it('verify: an intact export against the checkpoints a webhook receiver kept', async () => {
    const { exported, checkpoints } = files(chain);
    const result = await run(
      ['audit', 'verify', exported, '--checkpoints', checkpoints, '--public-key', rawKey],
      {},
    );
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain('ok: 5 records in 1 chains, 1 checkpoints verified');
    const withoutKey = await run(
      ['--json', 'audit', 'verify', exported, '--checkpoints', checkpoints],
      {},
    );
    expect(withoutKey.code).toBe(0);
    expect(JSON.parse(withoutKey.stdout)).toMatchObject({ ok: true, records: 5 });
    expect(withoutKey.stderr).toContain("taken from the export's header");
  });

  it('verify: exit 1 naming the record changed, and the position removed', async () => {
    const altered = chain.map((r) => (r.seq === 3 ? { ...r, targetId: 'someone-else' } : r));
    let paths = files(altered);
    const changed = await run(
      ['audit', 'verify', paths.exported, '--checkpoints', paths.checkpoints],
      {},
    );
    expect(changed.code).toBe(1);
    expect(changed.stderr).toContain(
      `error audit_altered: altered (chain platform, seq 3, record ${chain[2]?.id}, line 4)`,
    );
    paths = files(chain.filter((r) => r.seq !== 2));
    const removed = await run(
      ['audit', 'verify', paths.exported, '--checkpoints', paths.checkpoints],
      {},
    );
    expect(removed.code).toBe(1);
    expect(removed.stderr).toContain('error audit_missing: missing (chain platform, seq 2');
    const forgedKey = String(generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }).x);
    paths = files(chain);
    const forged = await run(
      [
        'audit',
        'verify',
        paths.exported,
        '--checkpoints',
        paths.checkpoints,
        '--public-key',
        forgedKey,
      ],
      {},
    );
    expect(forged.code).toBe(1);
    expect(forged.stderr).toContain('error audit_forged_checkpoint');
  });

  it('export: streams the JSON Lines the API answers to a file', async () => {
    const text = exportText(chain);
    server = await fakeServer((request, res) => {
      if (request.method === 'POST' && request.path === '/v1/tokens')
        return json(res, 201, tokenResponse());
      if (request.path === '/v1/audit/export') {
        res.writeHead(200, { 'content-type': 'application/jsonl' });
        res.write(text.slice(0, 100));
        res.end(text.slice(100));
        return;
      }
      return json(res, 404, {});
    });
    config = tempConfig(server.url);
    const output = join(dir, 'out.jsonl');
    const result = await run(['audit', 'export', '--chain', 'platform', '-o', output], {
      CUSTODY_CONFIG_DIR: config.dir,
    });
    expect(result.code).toBe(0);
    expect(readFileSync(output, 'utf8')).toBe(text);
    expect(server.requests.at(-1)?.query.get('chain')).toBe('platform');
  });
});
