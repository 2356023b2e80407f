import { v7 as uuidv7 } from 'uuid';
import {
  type ApprovalView,
  POLICY_RPC,
  RPC_ACCESS,
  WALLET_RPC,
  type AuthContext,
  type ClientView,
  type HeldClientCreation,
  type ListQuery,
  type RpcMethod,
  type RpcParams,
  type RpcResult,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import {
  Broker,
  CallerPolicy,
  devProofSigner,
  methodHandler,
  type RpcCallContext,
  RpcClient,
  RpcServer,
} from '@custody/messaging';
import { type RunningService, startService } from '@custody/service-kit';
import {
  createTestDatabase,
  deleteMqNamespace,
  testLogger,
  testServiceUrls,
  uniqueName,
} from '@custody/testing';
import { identityService } from './identity.compose';

// The identity service alone, over RPC as the gateway calls it, on a database, RabbitMQ namespace
// and Redis prefix of the test file's own. wallet-ledger is a stand-in on the same namespace that
// records what identity asks of it. The specs hold identity's own rules, which must stand even if
// a caller got past the gateway (the HTTP side is apps/stack-e2e).

/** The admin client and api client the first start creates. */
export const BOOTSTRAP = {
  email: 'admin@identity.test',
  password: 'admin-password-for-tests',
  apiClientId: 'identity-spec',
  apiClientSecret: 'api-client-secret-for-tests',
};

export const admin: AuthContext = { clientId: uuidv7(), tenantId: 'operator', audience: 'admin' };

/** A general client that is its own tenant. */
export const tenantOf = (tenantId: string): AuthContext => ({
  clientId: tenantId,
  tenantId,
  audience: 'general',
});

export const ALL: ListQuery = { page: 1, limit: 0, sort: { field: 'createdAt', direction: 'asc' } };

let personCount = 0;
/** An individual person's KYC record, unique per call unless fields are given. */
export function person(fields: Record<string, unknown> = {}) {
  personCount += 1;
  return {
    generalConditions: '2024-01-15',
    idNumber: `ID-${personCount}`,
    name: 'Ana',
    surname: 'García',
    email: `ana${personCount}@example.com`,
    externalReference: `ref-${personCount}`,
    ...fields,
  };
}

/** What the stand-ins (wallet-ledger, policy) were asked, and how they answer. */
export interface LedgerStandIn {
  calls: { method: string; params: unknown; auth: AuthContext | undefined }[];
  walletCount: number;
  refuseUserRef: boolean;
  /** What the policy stand-in answers `changes.hold`: an approval's id holds the change. */
  holdChangeApprovalId: string | null;
  /** Whether the policy stand-in refuses `changes.hold` (as a policy service that is down). */
  refuseHoldChange: boolean;
  /** The approvals' outcomes the policy stand-in answers the sweep (`approvals.outcomes`). */
  outcomes: Map<string, ApprovalView>;
}

export interface IdentityHarness {
  service: RunningService<'identity'>;
  namespace: string;
  /** Calls identity as the gateway does. */
  gateway: RpcClient;
  /** Calls identity as the issuer app does. */
  issuerApp: RpcClient;
  ledger: LedgerStandIn;
  /** What wallet-ledger was asked with this method. */
  recorded(method: string): LedgerStandIn['calls'];
  call<M extends RpcMethod<'identity'>>(
    method: M,
    params: RpcParams<'identity', M>,
    auth?: AuthContext,
  ): Promise<RpcResult<'identity', M>>;
  /** A key of the auth state identity keeps in Redis. */
  redisValue(key: string): Promise<string | null | undefined>;
  /** Forgets what wallet-ledger and policy were asked, and answers as at first again. */
  resetLedger(): void;
  close(): Promise<void>;
}

/** Identity started with its bootstrap clients, wallet-ledger stood in for. */
export async function createIdentityHarness(): Promise<IdentityHarness> {
  const urls = testServiceUrls();
  const database = await createTestDatabase();
  const namespace = uniqueName('t');
  const broker = new Broker({ url: urls.amqpUrl, namespace, logger: testLogger() });
  await broker.connect();
  const ledger: LedgerStandIn = {
    calls: [],
    walletCount: 0,
    refuseUserRef: false,
    holdChangeApprovalId: null,
    refuseHoldChange: false,
    outcomes: new Map(),
  };
  const [approvalOutcomes, answerOutcomes] = methodHandler(
    'policy',
    POLICY_RPC.approvalOutcomes,
    async ({ ids }) => ({ approvals: ids.flatMap((id) => ledger.outcomes.get(id) ?? []) }),
  );
  // The policy service's part identity calls: whether a change of a client is held, and the
  // outcomes of the approvals that hold changes.
  const policy = new RpcServer({
    broker,
    callers: new CallerPolicy('guest=*'),
    service: 'policy',
    access: RPC_ACCESS.policy,
    handlers: {
      [POLICY_RPC.holdChange]: async (params: unknown, ctx: RpcCallContext) => {
        ledger.calls.push({ method: POLICY_RPC.holdChange, params, auth: ctx.auth });
        if (ledger.refuseHoldChange) throw Errors.unavailable('Stand-in is down.', 'policy_down');
        return { approvalId: ledger.holdChangeApprovalId } satisfies RpcResult<
          'policy',
          typeof POLICY_RPC.holdChange
        >;
      },
      [approvalOutcomes]: answerOutcomes,
    },
    prefetch: 8,
    logger: testLogger(),
  });
  await policy.start();
  const walletLedger = new RpcServer({
    broker,
    callers: new CallerPolicy('guest=*'),
    service: 'wallet-ledger',
    access: RPC_ACCESS['wallet-ledger'],
    handlers: {
      [WALLET_RPC.countUserWallets]: async (params: unknown, ctx: RpcCallContext) => {
        ledger.calls.push({ method: WALLET_RPC.countUserWallets, params, auth: ctx.auth });
        return { count: ledger.walletCount } satisfies RpcResult<
          'wallet-ledger',
          typeof WALLET_RPC.countUserWallets
        >;
      },
      [WALLET_RPC.applyUserRef]: async (params: unknown, ctx: RpcCallContext) => {
        ledger.calls.push({ method: WALLET_RPC.applyUserRef, params, auth: ctx.auth });
        if (ledger.refuseUserRef) throw Errors.unavailable('Stand-in is down.', 'ledger_down');
        return { applied: true } satisfies RpcResult<
          'wallet-ledger',
          typeof WALLET_RPC.applyUserRef
        >;
      },
    },
    prefetch: 8,
    logger: testLogger(),
  });
  await walletLedger.start();
  const service = await startService(identityService, {
    DATABASE_URL: database.url,
    AMQP_URL: urls.amqpUrl,
    MQ_NAMESPACE: namespace,
    REDIS_URL: urls.redisUrl,
    REDIS_KEY_PREFIX: namespace,
    PORT: '0',
    LOG_LEVEL: 'silent',
    BOOTSTRAP_ADMIN_EMAIL: BOOTSTRAP.email,
    BOOTSTRAP_ADMIN_PASSWORD: BOOTSTRAP.password,
    BOOTSTRAP_API_CLIENT_ID: BOOTSTRAP.apiClientId,
    BOOTSTRAP_API_CLIENT_SECRET: BOOTSTRAP.apiClientSecret,
    SIGNING_KEY_RELOAD_MS: '200',
    // The service's own sweep (at start, then hourly) stays out of the way of the specs' own.
    APPROVAL_OUTCOMES_SWEEP_INTERVAL_MS: '3600000',
  });
  const client = (caller: 'gateway' | 'issuer') =>
    new RpcClient({
      broker,
      caller,
      signer: devProofSigner(caller),
      defaultTimeoutMs: 10_000,
      logger: testLogger(),
    });
  const gateway = client('gateway');
  const issuerApp = client('issuer');
  await gateway.start();
  await issuerApp.start();

  return {
    service,
    namespace,
    gateway,
    issuerApp,
    ledger,
    recorded: (method) => ledger.calls.filter((c) => c.method === method),
    call: (method, params, auth) =>
      gateway.call('identity', method, params, { ...(auth ? { auth } : {}) }),
    redisValue: async (key) => service.deps.redis?.get(`${namespace}:${key}`),
    resetLedger() {
      ledger.calls = [];
      ledger.walletCount = 0;
      ledger.refuseUserRef = false;
      ledger.holdChangeApprovalId = null;
      ledger.refuseHoldChange = false;
      ledger.outcomes.clear();
    },
    async close() {
      const redis = service.deps.redis;
      if (redis) {
        const keys = await redis.keys(`${namespace}:*`);
        if (keys.length > 0) await redis.del(...keys);
      }
      await gateway.stop();
      await issuerApp.stop();
      await walletLedger.stop(1_000);
      await policy.stop(1_000);
      await broker.close();
      await service.stop();
      await deleteMqNamespace(namespace);
      await database.drop();
    },
  };
}

/** A client's creation that applied at once: the policy stand-in held nothing. */
export function applied(result: ClientView | HeldClientCreation): ClientView {
  if ('approvalId' in result) throw new Error(`held for approval ${result.approvalId}`);
  return result;
}
