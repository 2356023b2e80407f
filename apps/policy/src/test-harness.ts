import path from 'node:path';
import type pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import {
  type ApproverCredential,
  type AssetView,
  type AuthContext,
  type GovernedLeg,
  type GovernedOperation,
  IDENTITY_RPC,
  type PolicyDecision,
  type PolicyInput,
  type PolicyRule,
  RPC_ACCESS,
  type ServiceName,
  TRADING_RPC,
} from '@custody/contracts';
import { decisionSignerKey } from '@custody/intents';
import {
  Broker,
  CallerPolicy,
  methodHandler,
  RpcClient,
  type RpcHandler,
  RpcServer,
} from '@custody/messaging';
import { createDatabase, createPool, type Database, migrate } from '@custody/persistence';
import { RefusalAudit } from '@custody/service-kit';
import {
  createTestDatabase,
  deleteMqNamespace,
  testLogger,
  testServiceUrls,
  type TestDatabase,
  uniqueName,
} from '@custody/testing';
import { ApprovalsService } from './approvals/approvals.service';
import { DecideApproval } from './approvals/decide-approval';
import { ExpireApprovals } from './approvals/expire-approvals';
import { PruneVelocityUsage } from './approvals/prune-velocity-usage';
import { type ReleaseCall, ReleaseOperations } from './approvals/release-operations';
import { Authorize } from './decisions/authorize';
import { DecisionSigner } from './decisions/decision-signer';
import { EvaluateOperations } from './evaluation/evaluate-operations';
import { PoliciesService, settleChange } from './policies/policies.service';

// The policy service's use cases against a real PostgreSQL (its migrations applied to a database
// of the test file's own), with real RPC over RabbitMQ to stand-ins for the peers it asks:
// identity (who may approve, whitelists) and trading (an asset's rate).

/** A tenant's client: `<tenant>-c<n>`; identity counts c1 to c4 of every tenant as approvers. */
export function clientOf(tenantId: string, n: number): AuthContext {
  return { clientId: `${tenantId}-c${n}`, tenantId, audience: 'general' };
}

/** An admin client: `admin-<n>`; identity counts admin-1 and admin-2 as the admins' approvers. */
export function adminOf(n: number): AuthContext {
  return { clientId: `admin-${n}`, tenantId: 'platform', audience: 'admin' };
}

/** A release asked by `app` (its proven caller), in a request of its own. */
export function callOf(app: string): ReleaseCall {
  return { caller: app, requestId: uuidv7() };
}

/** The relying party of the harness's passkeys (the development default, WEBAUTHN_* unset). */
export const TEST_RELYING_PARTY = { rpId: 'localhost', origins: ['http://localhost:3000'] };

/** The approvers identity's stand-in answers for a caller's side. */
function approversFor(auth: AuthContext | undefined): string[] {
  if (!auth) return [];
  if (auth.audience === 'admin') return ['admin-1', 'admin-2'];
  return [1, 2, 3, 4].map((n) => clientOf(auth.tenantId, n).clientId);
}

/** One row of `policy.outbox`, as the relay would publish it. */
export interface OutboxRow {
  name: string;
  tenantId: string | null;
  data: Record<string, any>;
}

export type PolicyTable =
  'policies' | 'policy_changes' | 'approvals' | 'decisions' | 'velocity_usage' | 'outbox';

export interface PolicyHarness {
  pool: pg.Pool;
  db: Database;
  /** Holds (for `evaluation` and `policies`) and reads. */
  approvals: ApprovalsService;
  decide: DecideApproval;
  /** Releases; their refusals go to `policy.outbox` (`audit.rpc-refused`). */
  release: ReleaseOperations;
  expire: ExpireApprovals;
  prune: PruneVelocityUsage;
  policies: PoliciesService;
  /** The policies' decisions on operations (holds go to `approvals`). */
  evaluation: EvaluateOperations;
  /** Evaluations whose holds go to another approvals service. */
  evaluationWith(approvals: ApprovalsService): EvaluateOperations;
  /** Signed decisions for what evaluations admitted (wallet-ledger's and issuer's calls). */
  authorize: Authorize;
  /** Trading's current price of an asset, and whether it is stale (absent: no rate). */
  prices: Map<string, { fiatPrice: number; stale: boolean }>;
  /** `<walletId> <address>` pairs identity has whitelisted and verified. */
  whitelisted: Set<string>;
  /** Identity's active approver credentials (the policy service verifies approvals with them). */
  approverCredentials: ApproverCredential[];
  /** Another approvals service on the same database, holding for another TTL. */
  approvalsWith(ttlSeconds: number): ApprovalsService;
  /** Policies whose held changes go to `approvals`. */
  policiesWith(approvals: ApprovalsService): PoliciesService;
  /** The outbox's events about one record (`data.id`), in the order written. */
  eventsOf(id: string): Promise<OutboxRow[]>;
  /** How many rows a table of the policy schema holds. */
  count(table: PolicyTable): Promise<number>;
  /** A policy of the tenant, created by its client 4 (who then never starts an operation). */
  policy(tenantId: string, fields: Partial<PolicyInput> & { rule: PolicyRule }): Promise<string>;
  /** The tenant's counted operations, oldest first. */
  usage(tenantId: string): Promise<{ op: string; amount: string; released: boolean }[]>;
  /** Makes the outbox refuse the events matching `condition` (SQL on NEW); answers the undo. */
  refuseEventsWhere(condition: string): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** A withdrawal of the tenant's (one leg of `eth` to `0xdest`, unless `leg` says otherwise). */
export function withdrawal(
  tenantId: string,
  amount: string,
  leg: Partial<GovernedLeg> = {},
): GovernedOperation {
  return {
    activity: 'withdrawal',
    operationId: uuidv7(),
    tenantId,
    legs: [{ userId: 'u1', walletId: 'w1', assetId: 'eth', amount, destination: '0xdest', ...leg }],
  };
}

/** The approval a decision created (it must be a hold). */
export function approvalOf(decision: PolicyDecision | undefined): string {
  if (decision?.decision !== 'require_approval') throw new Error(`not held: ${decision?.decision}`);
  return decision.approvalId;
}

/** Every message along an error's causes (drizzle wraps PostgreSQL's). */
export function messages(error: unknown): string {
  const parts: string[] = [];
  for (let e = error; e instanceof Error; e = e.cause) parts.push(e.message);
  return parts.join(' / ');
}

const stamp = '2026-01-01T00:00:00.000Z';

/** USDC's contract on chain 1, as the catalog stand-in names it. */
export const USDC_CONTRACT = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

function assetView(assetId: string, price: { fiatPrice: number; stale: boolean } | undefined) {
  const summary = {
    id: assetId,
    createdAt: stamp,
    updatedAt: stamp,
    name: assetId,
    symbol: assetId,
  };
  const view: AssetView = {
    ...summary,
    chain: 'evm',
    network: 'ethereum',
    chainId: '1',
    decimals: 18,
    contractAddress: null,
    buyEnabled: true,
    sellEnabled: true,
    rate: price
      ? {
          id: '01900000-0000-7000-8000-000000000001',
          createdAt: stamp,
          updatedAt: stamp,
          asset: summary,
          fiatPrice: price.fiatPrice,
          fiatCurrency: 'EUR',
          type: 'fixed',
          stale: price.stale,
        }
      : null,
    marketData: null,
  };
  return view;
}

/** One database with the policy schema, the peers' stand-ins, and the services over them. */
export async function createPolicyHarness(): Promise<PolicyHarness> {
  const urls = testServiceUrls();
  const database: TestDatabase = await createTestDatabase();
  const pool = createPool(database.url);
  await migrate(pool, { schema: 'policy', dir: path.join(__dirname, 'migrations') });
  const db = createDatabase(pool);
  const namespace = uniqueName('t');
  const broker = new Broker({ url: urls.amqpUrl, namespace, logger: testLogger() });
  await broker.connect();

  const prices = new Map<string, { fiatPrice: number; stale: boolean }>();
  const whitelisted = new Set<string>();
  const approverCredentials: ApproverCredential[] = [];
  const standIns: RpcServer[] = [];
  const standIn = async (service: ServiceName, handlers: [string, RpcHandler][]) => {
    const server = new RpcServer({
      broker,
      callers: new CallerPolicy('guest=*'),
      service,
      handlers: Object.fromEntries(handlers),
      access: RPC_ACCESS[service],
      prefetch: 16,
      logger: testLogger(),
    });
    await server.start();
    standIns.push(server);
  };
  await standIn('identity', [
    methodHandler('identity', IDENTITY_RPC.listApprovers, async (_params, { auth }) => ({
      clientIds: approversFor(auth),
    })),
    methodHandler('identity', IDENTITY_RPC.isWhitelisted, async ({ walletId, address }) => ({
      verified: whitelisted.has(`${walletId} ${address}`),
    })),
    methodHandler('identity', IDENTITY_RPC.activeApproverCredentials, async ({ clientId }) => ({
      credentials: approverCredentials.filter((c) => c.clientId === clientId),
    })),
  ]);
  await standIn('trading', [
    methodHandler('trading', TRADING_RPC.getAsset, async ({ assetId }) =>
      assetView(assetId, prices.get(assetId)),
    ),
    // The catalog: ETH (native) and USDC (6 decimals, its mainnet contract).
    methodHandler('trading', TRADING_RPC.assetCatalog, async () => [
      assetView('eth', undefined),
      { ...assetView('usdc', undefined), decimals: 6, contractAddress: USDC_CONTRACT },
    ]),
  ]);
  const rpc = new RpcClient({
    broker,
    caller: 'policy',
    defaultTimeoutMs: 10_000,
    logger: testLogger(),
  });
  await rpc.start();

  // The development decision key, as policy.compose takes it without POLICY_DECISION_KEY.
  const signer = new DecisionSigner(decisionSignerKey({}).key);
  const approvalsWith = (ttlSeconds: number) => new ApprovalsService(db, ttlSeconds);
  const evaluationWith = (held: ApprovalsService) =>
    new EvaluateOperations(db, pool, rpc, held, signer);
  const policiesWith = (approvals: ApprovalsService) =>
    new PoliciesService(db, rpc, () => approvals);
  const approvals = approvalsWith(3_600);
  const policies = policiesWith(approvals);
  const refusals = new RefusalAudit(db, 'policy', 'policy', testLogger());
  return {
    pool,
    db,
    approvals,
    decide: new DecideApproval(db, rpc, settleChange, TEST_RELYING_PARTY),
    release: new ReleaseOperations(db, refusals),
    expire: new ExpireApprovals(db, settleChange),
    prune: new PruneVelocityUsage(db),
    policies,
    evaluation: evaluationWith(approvals),
    evaluationWith,
    authorize: new Authorize(db, rpc, signer),
    prices,
    whitelisted,
    approverCredentials,
    approvalsWith,
    policiesWith,
    async eventsOf(id) {
      const { rows } = await pool.query<{ name: string; tenant_id: string | null; envelope: any }>(
        `SELECT name, tenant_id, envelope FROM policy.outbox
          WHERE envelope->'data'->>'id' = $1 ORDER BY seq`,
        [id],
      );
      return rows.map((r) => ({ name: r.name, tenantId: r.tenant_id, data: r.envelope.data }));
    },
    async count(table) {
      const { rows } = await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM policy.${table}`,
      );
      return rows[0]?.n ?? 0;
    },
    async policy(tenantId, fields) {
      const input: PolicyInput = {
        name: `${fields.rule.kind} of ${tenantId}`,
        activity: 'withdrawal',
        action: 'require_approval',
        approvers: { quorum: 1 },
        ...fields,
      };
      const { id } = await policies.create(clientOf(tenantId, 4), input);
      return id;
    },
    async usage(tenantId) {
      const { rows } = await pool.query<{
        operation_id: string;
        amount: string;
        released: boolean;
      }>(
        `SELECT operation_id, amount::text, released FROM policy.velocity_usage
          WHERE tenant_id = $1 ORDER BY created_at, operation_id, leg`,
        [tenantId],
      );
      return rows.map((r) => ({ op: r.operation_id, amount: r.amount, released: r.released }));
    },
    async refuseEventsWhere(condition) {
      await pool.query(`
        CREATE OR REPLACE FUNCTION policy.test_refuse_event() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'test: the outbox refuses this event'; END $$;
        CREATE TRIGGER test_refuse_event BEFORE INSERT ON policy.outbox
          FOR EACH ROW WHEN (${condition}) EXECUTE FUNCTION policy.test_refuse_event();`);
      return async () => {
        await pool.query('DROP TRIGGER test_refuse_event ON policy.outbox');
      };
    },
    async close() {
      await rpc.stop();
      for (const server of standIns) await server.stop(1_000);
      await broker.close();
      await refusals.flush();
      await pool.end();
      await deleteMqNamespace(namespace);
      await database.drop();
    },
  };
}
