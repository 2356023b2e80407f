import { execFile } from 'node:child_process';
import { createPrivateKey, createPublicKey } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import {
  type AuditChainRecord,
  type AuditCheckpoint,
  verifyAuditExport,
  verifyWebhook,
} from '@custody/sdk';
import { waitFor } from '@custody/testing';
import { Api } from './api';
import { type Stack, startStack } from './stack';

/**
 * The tamper-evident audit log end to end (docs/decisions/audit.md): records made by real
 * requests, checkpoints signed by identity and delivered to a webhook receiver, the export read
 * over HTTP and verified against them; then a superuser alters a record, deletes one and swaps two
 * directly in PostgreSQL, and each time the verifier (the SDK's, and `custody audit verify`)
 * names that record.
 */

const SEED = Buffer.alloc(32, 47);
const CHECKPOINT_KEY = `e2e:${SEED.toString('base64url')}`;
/** The checkpoints' public key, from the seed (as an operator would publish it). */
const PUBLIC_KEY = String(
  createPublicKey(
    createPrivateKey({
      key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), SEED]),
      format: 'der',
      type: 'pkcs8',
    }),
  ).export({ format: 'jwk' }).x,
);
const CLI = path.resolve(__dirname, '../../cli/bin/custody.mjs');
const exec = promisify(execFile);

let stack: Stack;
let api: Api;
let superuser: pg.Pool;
let receiver: Server;
let receiverUrl: string;
/** What the receiver got, as it got it: raw body and headers. */
const deliveries: { body: string; headers: Record<string, string | string[] | undefined> }[] = [];
let tenant: Awaited<ReturnType<Api['newClient']>>;
let dir: string;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      deliveries.push({ body, headers: req.headers });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/audit`;
  stack = await startStack({
    only: ['identity', 'notifier'],
    env: {
      identity: { AUDIT_CHECKPOINT_INTERVAL_MS: '300', AUDIT_CHECKPOINT_KEY: CHECKPOINT_KEY },
      notifier: { NOTIFIER_ALLOW_PRIVATE_URLS: 'true', NOTIFIER_DISPATCH_INTERVAL_MS: '100' },
    },
  });
  api = new Api(stack.gatewayUrl);
  superuser = new pg.Pool({ connectionString: stack.databaseUrl, max: 1 });
  dir = mkdtempSync(path.join(tmpdir(), 'custody-audit-e2e-'));
}, 120_000);

afterAll(async () => {
  await superuser?.end();
  await stack?.cleanup();
  await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The tenant's export over HTTP: its lines, and the records among them. */
async function exportOf(token: string, query = '') {
  const res = await fetch(`${stack.gatewayUrl}/v1/audit/export${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/jsonl/);
  const text = await res.text();
  const lines = text.split('\n').filter((line) => line !== '');
  const records = lines
    .map((line) => JSON.parse(line) as AuditChainRecord & { type?: string })
    .filter((line) => line.type === undefined);
  return { text, lines, records };
}

/** The checkpoints the receiver got, each verified as a webhook of the tenant (Standard Webhooks). */
function receivedCheckpoints(secret: string): AuditCheckpoint[] {
  return deliveries
    .map((d) => verifyWebhook<AuditCheckpoint>(secret, d.body, d.headers))
    .filter((event) => event.event === 'audit-checkpoint.is-created')
    .map((event) => event.data);
}

async function cli(...args: string[]) {
  try {
    const { stdout, stderr } = await exec(process.execPath, [CLI, ...args], { timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Runs statements as a superuser past the append-only triggers, committed. */
async function asSuperuser(statements: string[]): Promise<void> {
  const client = await superuser.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    for (const statement of statements) await client.query(statement);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

it('verifies an export against the checkpoints a webhook receiver got, and names each record tampered with', async () => {
  const admin = await api.adminToken();
  tenant = await api.newClient(admin, 'Audited');
  const types = await api.get('/v1/notifications?limit=0', { token: tenant.token });
  const type = types.body.find((t: { event: string }) => t.event === 'audit-checkpoint.is-created');
  expect(type).toBeDefined();
  expect(
    (
      await api.post(`/v1/notifications/${type.id}`, {
        token: tenant.token,
        body: { url: receiverUrl },
      })
    ).status,
  ).toBe(201);
  const secret = (await api.get('/v1/notifications/signing-secret', { token: tenant.token })).body
    .secret as string;

  // Records through real requests: users made, and a refused request (a failure is audited too).
  for (const name of ['Ada', 'Grace', 'Alan', 'Edsger']) {
    const created = await api.post('/v1/users/individual-person', {
      token: tenant.token,
      body: { generalConditions: '2026-01-01', name },
    });
    expect(created.status).toBe(201);
  }
  expect(
    (await api.post('/v1/users/individual-person', { token: tenant.token, body: { name: 1 } }))
      .status,
  ).toBe(400);

  // The subscription, the four users and the refusal: six records in the tenant's chain.
  let exported = await exportOf(tenant.token);
  await waitFor(
    async () => {
      exported = await exportOf(tenant.token);
      return exported.records.length === 6;
    },
    { timeoutMs: 20_000, intervalMs: 200, what: "the tenant's six records" },
  );
  expect(exported.records.map((r) => [r.chain, r.seq])).toEqual(
    [1, 2, 3, 4, 5, 6].map((seq) => [tenant.id, seq]),
  );
  // In the order they reached the chain, which is not always the requests' (each arrives on its
  // own): one refusal among five successes.
  expect(exported.records.map((r) => r.outcome).sort()).toEqual([
    'failure',
    ...Array<string>(5).fill('success'),
  ]);
  const header = JSON.parse(exported.lines[0] ?? '{}');
  expect(header).toMatchObject({
    type: 'header',
    format: 'custody.audit.export.v1',
    // A client's export is its own chain's, named so.
    chain: tenant.id,
    keys: [{ keyId: 'e2e', publicKey: PUBLIC_KEY }],
  });
  expect(JSON.parse(exported.lines.at(-1) ?? '{}')).toEqual({ type: 'end', records: 6 });

  // The receiver gets the checkpoint of the chain's head.
  const head = exported.records.at(-1) as AuditChainRecord;
  await waitFor(
    async () =>
      receivedCheckpoints(secret).some((c) => c.seq === head.seq && c.chain === tenant.id),
    { timeoutMs: 20_000, intervalMs: 200, what: 'the checkpoint of the head at the receiver' },
  );
  const checkpoints = receivedCheckpoints(secret);
  // Only the tenant's own chain reaches its receiver.
  expect(new Set(checkpoints.map((c) => c.chain))).toEqual(new Set([tenant.id]));
  expect(checkpoints.find((c) => c.seq === 6)).toMatchObject({
    tenantId: tenant.id,
    hash: head.hash,
  });

  expect(await verifyAuditExport(exported.lines, checkpoints, PUBLIC_KEY)).toMatchObject({
    ok: true,
    records: 6,
    chains: [{ chain: tenant.id, records: 6, checkpointedSeq: 6 }],
  });
  // The CLI, on the files an auditor keeps: the export and the receiver's bodies.
  const exportFile = path.join(dir, 'export.jsonl');
  const checkpointsFile = path.join(dir, 'checkpoints.jsonl');
  writeFileSync(exportFile, exported.text);
  writeFileSync(checkpointsFile, deliveries.map((d) => d.body).join('\n'));
  const verified = await cli(
    'audit',
    'verify',
    exportFile,
    '--checkpoints',
    checkpointsFile,
    '--public-key',
    PUBLIC_KEY,
  );
  expect(verified).toMatchObject({ code: 0 });
  expect(verified.stdout).toContain('ok: 6 records in 1 chains');

  // The list shows the same records, without the chain's fields (those are the export's).
  const listed = await api.get(`/v1/audit-events?clientId=${tenant.id}&sort=createdAt&limit=0`, {
    token: admin,
  });
  expect(listed.status).toBe(200);
  // (By time, which is not always the chain's order: see above.)
  expect(listed.body.map((e: { id: string }) => e.id).sort()).toEqual(
    exported.records.map((r) => r.id).sort(),
  );
  expect(Object.keys(listed.body[0])).not.toContain('hash');

  // Another tenant's chain is refused; the admin reads it.
  const other = await api.newClient(admin, 'Other');
  const refused = await api.get(`/v1/audit/export?chain=${tenant.id}`, { token: other.token });
  expect(refused).toMatchObject({ status: 403, body: { code: 'forbidden' } });
  expect((await exportOf(admin, `?chain=${tenant.id}`)).records).toEqual(exported.records);

  // Tampering, each time undone after: the verifier names the record.
  const where = (seq: number) => `chain = '${tenant.id}' AND seq = ${seq}`;
  const [second, third, fourth] = [2, 3, 4].map(
    (seq) => exported.records[seq - 1] as AuditChainRecord,
  );
  const verifyNow = async () =>
    verifyAuditExport((await exportOf(tenant.token)).lines, checkpoints, PUBLIC_KEY);

  await asSuperuser([`UPDATE audit.audit_events SET action = 'deleteUser' WHERE ${where(3)}`]);
  expect(await verifyNow()).toMatchObject({
    ok: false,
    problem: 'altered',
    chain: tenant.id,
    seq: 3,
    id: third?.id,
  });
  writeFileSync(exportFile, (await exportOf(tenant.token)).text);
  const alteredByCli = await cli(
    'audit',
    'verify',
    exportFile,
    '--checkpoints',
    checkpointsFile,
    '--public-key',
    PUBLIC_KEY,
  );
  expect(alteredByCli.code).toBe(1);
  expect(alteredByCli.stderr).toContain(
    `error audit_altered: altered (chain ${tenant.id}, seq 3, record ${third?.id}`,
  );
  await asSuperuser([
    `UPDATE audit.audit_events SET action = '${third?.action}' WHERE ${where(3)}`,
  ]);
  expect(await verifyNow()).toMatchObject({ ok: true });

  await asSuperuser([`DELETE FROM audit.audit_events WHERE ${where(2)}`]);
  expect(await verifyNow()).toMatchObject({
    ok: false,
    problem: 'missing',
    chain: tenant.id,
    seq: 2,
  });
  await asSuperuser([
    `INSERT INTO audit.audit_events (id, chain, seq, occurred_at, request_id, action, method, path,
       client_id, tenant_id, user_id, target_id, device, ip, remote_ip, status, outcome, detail,
       prev_hash, hash)
     SELECT id, chain, seq, occurred_at, request_id, action, method, path, client_id, tenant_id,
       user_id, target_id, device, ip, remote_ip, status, outcome, detail, prev_hash, hash
       FROM json_populate_record(NULL::audit.audit_events, '${JSON.stringify({
         id: second?.id,
         chain: second?.chain,
         seq: second?.seq,
         occurred_at: second?.occurredAt,
         request_id: second?.requestId,
         action: second?.action,
         method: second?.method,
         path: second?.path,
         client_id: second?.clientId,
         tenant_id: second?.tenantId,
         user_id: second?.userId,
         target_id: second?.targetId,
         device: second?.device,
         ip: second?.ip,
         remote_ip: second?.remoteIp,
         status: second?.status,
         outcome: second?.outcome,
         detail: second?.detail,
         prev_hash: second?.prevHash,
         hash: second?.hash,
       }).replaceAll("'", "''")}'::json)`,
  ]);
  expect(await verifyNow()).toMatchObject({ ok: true });

  const swap = [
    `UPDATE audit.audit_events SET seq = 1000000 WHERE ${where(3)}`,
    `UPDATE audit.audit_events SET seq = 3 WHERE ${where(4)}`,
    `UPDATE audit.audit_events SET seq = 4 WHERE ${where(1000000)}`,
  ];
  await asSuperuser(swap);
  expect(await verifyNow()).toMatchObject({
    ok: false,
    problem: 'broken_link',
    chain: tenant.id,
    seq: 3,
    id: fourth?.id,
  });
  await asSuperuser(swap);
  expect(await verifyNow()).toMatchObject({ ok: true, records: 6 });

  // Records lost at the chain's end: the checkpoint vouches for them.
  await asSuperuser([`DELETE FROM audit.audit_events WHERE chain = '${tenant.id}' AND seq >= 5`]);
  expect(await verifyNow()).toMatchObject({
    ok: false,
    problem: 'truncated',
    chain: tenant.id,
    seq: 5,
  });
}, 120_000);

it("refuses identity's runtime role any change to the audit log", async () => {
  const identityUrl = new URL(stack.databaseUrl);
  identityUrl.username = 'identity';
  identityUrl.password = 'dev-pg-identity';
  const runtime = new pg.Client({ connectionString: identityUrl.toString() });
  await runtime.connect();
  try {
    for (const statement of [
      `UPDATE audit.audit_events SET action = 'x'`,
      'DELETE FROM audit.audit_events',
      'TRUNCATE audit.audit_events',
    ])
      await expect(runtime.query(statement)).rejects.toMatchObject({ code: '42501' });
    const { rows } = await runtime.query<{ n: string }>(
      'SELECT count(*) AS n FROM audit.audit_events',
    );
    expect(Number(rows[0]?.n)).toBeGreaterThan(0);
  } finally {
    await runtime.end();
  }
});
