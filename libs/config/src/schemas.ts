import { z } from 'zod';
import type { AppName } from '@custody/contracts';

function urlWithProtocol(protocols: string[], fallback: string) {
  return z
    .string()
    .default(fallback)
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol.replace(/:$/, ''));
        } catch {
          return false;
        }
      },
      `Must be a URL with protocol ${protocols.join(' or ')}`,
    );
}

const integer = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

/**
 * Largest values some settings take, for what depends on them: the gateway's OpenAPI documents
 * state bounds that hold under any configuration.
 */
export const CONFIG_MAXIMA = {
  NOTIFIER_MAX_RECEIVERS_PER_CLIENT: 10_000,
  BODY_LIMIT_BYTES: 50 * 1024 * 1024,
} as const;

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1');

/** An optional http(s) URL (an OTLP/HTTP endpoint, an EVM node). */
function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const optionalHttpUrl = z
  .string()
  .optional()
  .refine((value) => !value || isHttpUrl(value), 'Must be an http(s) URL');

/**
 * OpenTelemetry tracing (docs/tracing.md), the standard variables the SDK reads. Off unless an
 * OTLP endpoint is named or `OTEL_TRACES_EXPORTER=otlp`; then spans go to the OTLP/HTTP endpoint
 * (`http://localhost:4318` when only the exporter is named). Only OTLP over HTTP is installed:
 * `grpc` is refused here rather than ignored. The SDK reads the other `OTEL_*` variables itself
 * (headers, timeout, sampler, batch sizes, resource attributes).
 */
export const tracingVariables = {
  OTEL_SDK_DISABLED: flag(false),
  OTEL_TRACES_EXPORTER: z.enum(['otlp', 'none']).optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalHttpUrl,
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optionalHttpUrl,
  OTEL_EXPORTER_OTLP_PROTOCOL: z.enum(['http/protobuf', 'http/json']).optional(),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: z.enum(['http/protobuf', 'http/json']).optional(),
};

/** Variables every process reads. */
const common = {
  ...tracingVariables,
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AMQP_URL: urlWithProtocol(['amqp', 'amqps'], 'amqp://guest:guest@localhost:5672'),
  /** Prefix of every queue and exchange name; empty in production, unique per test run. */
  MQ_NAMESPACE: z
    .string()
    .regex(/^[a-z0-9-]*$/, 'Lower-case letters, digits and dashes only')
    .default(''),
  /**
   * Which app each broker user is (`user=app,…`); `*` for a user several apps share, whose
   * messages name their app themselves (development). Production runs one user per app.
   */
  MQ_CALLERS: z
    .string()
    .regex(/^[^=,\s]+=[a-z*-]+(,[^=,\s]+=[a-z*-]+)*$/, 'user=app,…')
    .default('guest=*'),
  /**
   * Declare durable queues as quorum queues (replicated; the production default, see
   * PRODUCTION_DEFAULTS in load-config.ts). A broker whose queues are classic needs the
   * migration of docs/operations/quorum-queues.md first: RabbitMQ refuses to redeclare a queue's
   * type.
   */
  MQ_QUORUM_QUEUES: flag(false),
  RPC_TIMEOUT_MS: integer(1, 300_000, 10_000),
  RPC_PREFETCH: integer(1, 1000, 32),
  /**
   * The largest reply a service sends (bytes of JSON). A larger one is refused with 500
   * `rpc_reply_too_large`: lists answer bounded pages, so only a defect reaches it.
   */
  RPC_MAX_REPLY_BYTES: integer(65_536, 134_217_728, 16_777_216),
  /** Calls to one service sent in one message at most (1: each alone, for a rolling upgrade). */
  RPC_BATCH_MAX: integer(1, 64, 16),
  /**
   * How long a call may wait, while calls sent to its service are unanswered, to go with the
   * calls made meanwhile in one message once they are answered (0: never; docs/decisions/rpc.md).
   */
  RPC_HOLD_MS: integer(0, 50, 5),
  /**
   * Consecutive outbox events of one name per message at most. 1 (each alone) by default, which
   * consumers from before batching read: raise it (16) once every app runs a version that reads
   * batches (docs/decisions/events-and-outbox.md). docker-compose, `npm start` and the tests set
   * it to 16.
   */
  EVENT_BATCH_MAX: integer(1, 200, 1),
  SHUTDOWN_TIMEOUT_MS: integer(100, 300_000, 15_000),
  /**
   * This app's Ed25519 key for the proofs of the requests it sends (32 bytes, base64url; see
   * docs/decisions/rpc.md). Unset: the app's development key, refused in production.
   */
  RPC_PROOF_KEY: z
    .string()
    .refine((value) => Buffer.from(value, 'base64url').length === 32, 'Must be 32 bytes, base64url')
    .optional(),
  /**
   * The public keys of every app (`app=key,…`, base64url), against which requests' proofs are
   * checked. Unset: the development keys, refused in production.
   */
  RPC_PROOF_PUBLIC_KEYS: z
    .string()
    .regex(/^[a-z-]+=[A-Za-z0-9_-]{43}(,[a-z-]+=[A-Za-z0-9_-]{43})*$/, 'app=base64url-key,…')
    .optional(),
};

const database = {
  DATABASE_URL: urlWithProtocol(['postgres', 'postgresql'], 'postgres://localhost:5432/custody'),
  DATABASE_POOL_SIZE: integer(1, 200, 10),
  /**
   * PostgreSQL ends a session of the app idle inside a transaction this long
   * (`idle_in_transaction_session_timeout`; 0: never): the lease on every transaction's row locks
   * and claims. A process paused or hung with one open (SIGSTOP, a frozen VM, a stuck event loop)
   * would otherwise hold them for as long as its machine answers TCP, since the kernel keeps its
   * connections alive. Above two RPC_TIMEOUT_MS (a transaction may wait on a call) and the outbox
   * relay's wait for the broker's confirms (30 s), which a shorter one would cut (the events go
   * again, and consumers drop the duplicates).
   */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: integer(0, 3_600_000, 60_000),
  OUTBOX_POLL_INTERVAL_MS: integer(10, 600_000, 1_000),
  /**
   * An outbox relay cycle starts at most this often: the first event after a quiet spell goes at
   * once; under load, the commits of the interval share one cycle (and their messages).
   */
  OUTBOX_MIN_CYCLE_MS: integer(0, 1_000, 50),
  EVENT_MAX_ATTEMPTS: integer(1, 100, 5),
  /** How often the service forgets rows past their windows (docs/decisions/retention.md). */
  RETENTION_INTERVAL_MS: integer(1_000, 86_400_000, 60_000),
  /** Rows deleted per statement of a sweep: short statements that never wait for a writer. */
  RETENTION_BATCH: integer(10, 100_000, 1_000),
  /** Events the outbox relay has published, kept this long after. */
  OUTBOX_RETENTION_HOURS: integer(1, 24 * 3_650, 24 * 7),
  /** Events a consumer has handled (its duplicate check), kept this long after. */
  INBOX_RETENTION_HOURS: integer(1, 24 * 3_650, 24 * 7),
  /**
   * Apply the schema's pending migrations at start (the default). `false` where a Job runs
   * `main.js migrate` before the apps roll (Kubernetes): the start then only checks that none is
   * pending, and stops if one is.
   */
  MIGRATE_AT_START: flag(true),
};

/**
 * The apps that hold operations for the policy service's approvals (docs/decisions/sweeps.md):
 * how often they read back the outcomes of those still waiting, in case `approval.is-decided`
 * was lost. A lost event delays an outcome by at most this.
 */
const heldApprovals = {
  APPROVAL_OUTCOMES_SWEEP_INTERVAL_MS: integer(100, 3_600_000, 30_000),
};

/**
 * The apps with BullMQ job schedulers (docs/decisions/sweeps.md): how often a timer of the
 * process re-creates them, so Redis losing its data delays the schedules by at most this.
 */
const jobSchedules = {
  JOB_SCHEDULES_CHECK_INTERVAL_MS: integer(100, 3_600_000, 30_000),
};

const redis = {
  REDIS_URL: urlWithProtocol(['redis', 'rediss'], 'redis://localhost:6379'),
  /** Prefix of every Redis key (and BullMQ queue), unique per test run. */
  REDIS_KEY_PREFIX: z.string().default('custody'),
};

const port = (fallback: number) => ({ PORT: integer(0, 65_535, fallback) });

/**
 * Development defaults of secrets. They make `npm start` work out of the box and are printed as
 * a warning at start; with NODE_ENV=production an app refuses to start while one is in use.
 */
export const DEV_SECRETS = {
  IDENTITY_ENCRYPTION_KEY: 'ZGV2LW9ubHktZW5jcnlwdGlvbi1rZXktMzItYnl0ZXM=',
  BOOTSTRAP_ADMIN_EMAIL: 'admin@custody.local',
  BOOTSTRAP_ADMIN_PASSWORD: 'dev-admin-password',
  BOOTSTRAP_API_CLIENT_ID: 'custody-dev',
  BOOTSTRAP_API_CLIENT_SECRET: 'dev-api-client-secret',
  NOTIFIER_ENCRYPTION_KEY: 'ZGV2LW9ubHktbm90aWZpZXIta2V5LTMyLWJ5dGVzISE=',
  // `npm start` gives the console the development api client; production refuses it.
  CONSOLE_API_CLIENT_SECRET: 'dev-api-client-secret',
} as const;

const base64Key = z
  .string()
  .refine(
    (value) => Buffer.from(value, 'base64').length === 32,
    'Must be 32 bytes, base64-encoded',
  );

/**
 * Passkeys (docs/decisions/identity-and-authentication.md, "Passkeys"): the WebAuthn relying
 * party's id (a domain, never an IP address: the console's host or a parent of it) and the
 * origins (comma-separated `scheme://host[:port]`) whose ceremonies are accepted; each origin's
 * host is the id or a subdomain of it (checked at start). Identity registers passkeys and signs
 * in with them; the policy service and the signer verify the assertions that approve with one
 * (docs/decisions/policies-and-approvals.md): all three are given the same values.
 */
const webauthnRelyingParty = {
  WEBAUTHN_RP_ID: z
    .string()
    .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, 'A domain name')
    .max(253)
    .default('localhost'),
  WEBAUTHN_ORIGINS: z
    .string()
    .default('http://localhost:3000')
    .transform((value) => value.split(',').map((origin) => origin.trim()))
    .refine(
      (origins) =>
        origins.every((origin) => URL.canParse(origin) && new URL(origin).origin === origin),
      'Comma-separated origins (scheme://host[:port], no path)',
    ),
};

const identity = {
  /** Refresh tokens of a family whose every token expired this long ago are forgotten. */
  REFRESH_TOKENS_RETENTION_DAYS: integer(1, 3_650, 7),
  /** AES-256-GCM key for secrets at rest (api client secrets, the token signing key). */
  IDENTITY_ENCRYPTION_KEY: base64Key.default(DEV_SECRETS.IDENTITY_ENCRYPTION_KEY),
  // At most what the API takes for a client's e-mail and an api client's secret: the records
  // made from them are answered like any other (the OpenAPI documents state those bounds).
  BOOTSTRAP_ADMIN_EMAIL: z.email().max(320).default(DEV_SECRETS.BOOTSTRAP_ADMIN_EMAIL),
  BOOTSTRAP_ADMIN_PASSWORD: z.string().min(12).default(DEV_SECRETS.BOOTSTRAP_ADMIN_PASSWORD),
  BOOTSTRAP_API_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{3,64}$/)
    .default(DEV_SECRETS.BOOTSTRAP_API_CLIENT_ID),
  BOOTSTRAP_API_CLIENT_SECRET: z
    .string()
    .min(16)
    .max(256)
    .default(DEV_SECRETS.BOOTSTRAP_API_CLIENT_SECRET),
  /**
   * Operator replacements of the company-type and purpose lists (CSV, `code,name,name_es,source`,
   * exactly the contract's codes); unset: the shipped lists. Checked at start.
   */
  COMPANY_TYPES_FILE: z.string().optional(),
  /** How often identity looks for a newer token signing key (after a rotation). */
  SIGNING_KEY_RELOAD_MS: integer(100, 3_600_000, 30_000),
  /**
   * Password sign-in's lockout per account (docs/decisions/identity-and-authentication.md): this
   * many failures within the window lock the account for SIGN_IN_LOCKOUT_SECONDS (429
   * `account_locked`); 0 disables it.
   */
  SIGN_IN_LOCKOUT_FAILURES: integer(0, 1_000, 5),
  SIGN_IN_LOCKOUT_WINDOW_SECONDS: integer(1, 86_400, 900),
  SIGN_IN_LOCKOUT_SECONDS: integer(1, 86_400, 900),
  PURPOSE_BUSINESS_RELATIONSHIP_FILE: z.string().optional(),
  /**
   * The login of the role that owns the `audit` schema (docs/decisions/audit.md): identity
   * migrates that schema with it at start and grants its own role INSERT and SELECT only. Unset:
   * the schema must be migrated already (`main.js migrate-audit`, compose's `audit-migrate`), or
   * identity's own role migrates it and owns it, which production refuses.
   */
  AUDIT_MIGRATION_DATABASE_URL: z
    .string()
    .optional()
    .refine((value) => {
      if (value === undefined) return true;
      try {
        return ['postgres:', 'postgresql:'].includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, 'Must be a URL with protocol postgres or postgresql'),
  ...webauthnRelyingParty,
  /** The relying party's name, as authenticators show it when a passkey is made. */
  WEBAUTHN_RP_NAME: z.string().min(1).max(64).default('Custody'),
  /** How often each audit chain's head is signed and published when it moved. */
  AUDIT_CHECKPOINT_INTERVAL_MS: integer(100, 86_400_000, 60_000),
  /**
   * The key that signs the audit checkpoints (`kid:base64url-32-byte-Ed25519-seed`). Unset: the
   * development key, refused in production.
   */
  AUDIT_CHECKPOINT_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_.-]+:[A-Za-z0-9_-]{43}$/, 'kid:base64url-seed')
    .optional(),
};

const signing = {
  /**
   * The PKCS#11 token that seals the master seed (docs/operations/key-ceremony.md): the module
   * (`/usr/lib/softhsm/libsofthsm2.so`, an HSM vendor's library), the token's label, and a file
   * holding the user PIN. All three or none; production requires them.
   */
  SIGNING_PKCS11_MODULE: z.string().optional(),
  SIGNING_PKCS11_TOKEN_LABEL: z.string().min(1).max(32).optional(),
  SIGNING_PKCS11_PIN_FILE: z.string().optional(),
  /** SoftHSM2's own configuration (its token directory), read by the module, not by us. */
  SOFTHSM2_CONF: z.string().optional(),
  /** The label of the token's AES key that seals the seed (the ceremony generates it). */
  SIGNING_PKCS11_KEY_LABEL: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/)
    .default('custody-master-seed'),
  /**
   * Development and tests only (production refuses both): a BIP-39 mnemonic of the master seed,
   * sealed into the token at the first start when a token is configured, else kept in memory.
   */
  SIGNING_MASTER_MNEMONIC: z.string().optional(),
  /** A file holding the mnemonic; read once at start (development and tests only). */
  SIGNING_MASTER_SEED_FILE: z.string().optional(),
  /** Development only: where a generated seed is kept when none is configured (outside the repo). */
  SIGNING_DEV_SEED_FILE: z.string().optional(),
  /**
   * The policy service's decision keys the signer trusts (`kid=base64url-Ed25519-public-key,…`;
   * docs/decisions/signing-decisions.md). Unset: the development key, refused in production.
   */
  POLICY_DECISION_PUBLIC_KEYS: z
    .string()
    .regex(/^[A-Za-z0-9_.-]+=[A-Za-z0-9_-]{43}(,[A-Za-z0-9_.-]+=[A-Za-z0-9_-]{43})*$/, 'kid=key,…')
    .optional(),
};

const notifier = {
  /** AES-256-GCM key for the webhook signing secrets at rest. */
  NOTIFIER_ENCRYPTION_KEY: base64Key.default(DEV_SECRETS.NOTIFIER_ENCRYPTION_KEY),
  /** Development and tests only: allow URL receivers on private or loopback addresses (SSRF). */
  NOTIFIER_ALLOW_PRIVATE_URLS: flag(false),
  /**
   * DNS servers for receivers' hosts (`host:port`, comma-separated); unset: the system resolver.
   * A delivery connects to the address that passed the private-address check.
   */
  NOTIFIER_DNS_SERVERS: z
    .string()
    .regex(/^[^,\s]+(,[^,\s]+)*$/, 'Comma-separated host:port')
    .optional(),
  /** Receivers a client may have (all types together); one event fans out to each. */
  NOTIFIER_MAX_RECEIVERS_PER_CLIENT: integer(
    1,
    CONFIG_MAXIMA.NOTIFIER_MAX_RECEIVERS_PER_CLIENT,
    50,
  ),
  /** Deliveries started per second for one client's receivers, beyond which they wait their turn. */
  NOTIFIER_DELIVERIES_PER_CLIENT_PER_SECOND: integer(1, 100_000, 200),
  /** Seconds before each attempt: the first is the initial delivery (Svix-like by default). */
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .regex(/^\d+(\.\d+)?(,\d+(\.\d+)?)*$/, 'Comma-separated seconds')
    .default('0,5,300,1800,7200,18000,36000,36000'),
  WEBHOOK_TIMEOUT_MS: integer(100, 120_000, 15_000),
  /** Deliveries in progress at once per receiver, so one slow endpoint cannot starve the others. */
  WEBHOOK_PER_RECEIVER_CONCURRENCY: integer(1, 1_000, 4),
  /** A receiver failing without a success for this long is disabled (its owner is e-mailed). */
  RECEIVER_DISABLE_AFTER_HOURS: integer(1, 24 * 365, 24 * 5),
  NOTIFIER_DISPATCH_INTERVAL_MS: integer(10, 60_000, 1_000),
  /** How long the event feed (`GET /v1/events`) keeps an event; replays reach as far back. */
  EVENTS_RETENTION_DAYS: integer(1, 3_650, 30),
  /** How often the feed forgets events past their retention, a batch at a time. */
  EVENTS_PRUNE_INTERVAL_MS: integer(1_000, 86_400_000, 60_000),
  /** Finished deliveries (and their attempts) kept this long; pending ones are kept. */
  DELIVERIES_RETENTION_DAYS: integer(1, 3_650, 30),
  /** SMTP server for e-mail receivers (`smtp://user:pass@host:port`); unset: e-mail is skipped. */
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().default('Custody notifications <notifications@custody.local>'),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  /** Twilio's API origin, overridable so tests use a local server. */
  TWILIO_API_BASE: z.string().default('https://api.twilio.com'),
};

const trading = {
  /** The base fiat currency of prices and purchases (ISO 4217). */
  FIAT_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'An ISO 4217 code such as EUR')
    .default('EUR'),
  /** Where prices and market data come from: `fixed` (a file, no network) or `coingecko`. */
  RATES_PROVIDER: z.enum(['fixed', 'coingecko']).default('fixed'),
  /** Where `/rates/exchange` quotes come from: `fixed` or a Binance-style `exchange` ticker API. */
  EXCHANGE_PROVIDER: z.enum(['fixed', 'exchange']).default('fixed'),
  /** JSON file of the fixed provider's prices; the bundled data/fixed-rates.json when unset. */
  RATES_FIXED_FILE: z.string().optional(),
  COINGECKO_BASE_URL: urlWithProtocol(['http', 'https'], 'https://api.coingecko.com/api/v3'),
  COINGECKO_API_KEY: z.string().optional(),
  EXCHANGE_BASE_URL: urlWithProtocol(['http', 'https'], 'https://api.binance.com'),
  PROVIDER_TIMEOUT_MS: integer(50, 120_000, 5_000),
  /** Retries after a failed provider call (network error, 5xx, 429). */
  PROVIDER_RETRIES: integer(0, 10, 2),
  /** Consecutive failed calls that open a provider's circuit, and how long it stays open. */
  PROVIDER_BREAKER_THRESHOLD: integer(1, 1_000, 5),
  PROVIDER_BREAKER_COOLDOWN_MS: integer(100, 3_600_000, 30_000),
  /** How often rates and market data are ingested (a BullMQ repeatable job). */
  RATES_INTERVAL_MS: integer(1_000, 86_400_000, 60_000),
  /** A rate older than this is stale: purchases are refused with 503 rate_unavailable. */
  RATE_MAX_AGE_SECONDS: integer(1, 86_400 * 30, 300),
  /** Purchase fee in basis points of the fiat amount (150 = 1.5 %). */
  PURCHASE_FEE_BPS: integer(0, 10_000, 150),
  /** How often purchases left pending by a crash are settled again. */
  PURCHASE_RECOVERY_INTERVAL_MS: integer(100, 3_600_000, 5_000),
};

/** One EVM network watched and used for withdrawals by wallet-ledger; unset EVM_RPC_URL = manual. */
const evm = {
  /** JSON-RPC endpoint of the network; unset: deposits and withdrawals stay manual (admin). */
  EVM_RPC_URL: optionalHttpUrl,
  /**
   * Several JSON-RPC endpoints of the network, comma-separated (instead of EVM_RPC_URL): the first
   * is read and sent to, and a deposit is confirmed only when a quorum of them agree on its block
   * (docs/decisions/chain-connectivity.md, "Several nodes").
   */
  EVM_RPC_URLS: z
    .string()
    .optional()
    .refine((value) => {
      if (!value) return true;
      const urls = value.split(',');
      return urls.length <= 16 && urls.every((url) => isHttpUrl(url.trim()));
    }, 'Must be at most 16 http(s) URLs, comma-separated'),
  /** How many of the nodes must agree on a deposit's block (0: a majority of them). */
  EVM_RPC_QUORUM: integer(0, 16, 0),
  /** The catalog `network` this node serves (assets of other networks stay manual). */
  EVM_NETWORK: z.string().min(1).max(64).default('ethereum'),
  /** Checked against the node's eth_chainId at start. */
  EVM_CHAIN_ID: integer(1, 2 ** 48, 1),
  EVM_CONFIRMATIONS: integer(1, 10_000, 12),
  /** How far back the deposit scan steps on restart, for blocks a reorg may have replaced. */
  EVM_REORG_DEPTH: integer(0, 10_000, 12),
  EVM_POLL_INTERVAL_MS: integer(100, 600_000, 4_000),
  /** How often the books are reconciled against the chain (docs/decisions/reconciliation.md). */
  EVM_RECONCILE_INTERVAL_MS: integer(100, 86_400_000, 60_000),
  /** The asset whose wallets receive the network's native coin. */
  EVM_NATIVE_ASSET: z.string().min(1).default('eth'),
  /**
   * ERC-20 contracts on this network as `assetId=0xContract,…`; empty: the catalog's contract
   * addresses of the network's ERC-20 assets.
   */
  EVM_TOKENS: z
    .string()
    .regex(
      /^([a-z0-9-]+=0x[0-9a-fA-F]{40})?(,[a-z0-9-]+=0x[0-9a-fA-F]{40})*$/,
      'assetId=0xAddress,…',
    )
    .default(''),
  /**
   * How ETH paid from inside a contract is found: `trace` reads every block's call traces
   * (`debug_traceBlockByNumber`, checked at start: a node that cannot trace stops the adapter);
   * `off` misses such deposits (docs/decisions/chain-connectivity.md, "Internal transfers").
   */
  EVM_INTERNAL_TRANSFERS: z.enum(['trace', 'off']).default('trace'),
  /** Gas limit of an ERC-20 transfer (fixed, so that a transfer that will revert is still sent). */
  EVM_TOKEN_GAS_LIMIT: integer(21_000, 10_000_000, 100_000),
  /**
   * The operator's cap on what a withdrawal's transaction may pay per gas (wei), speed-ups
   * included; the policy decision binds it (docs/decisions/chain-connectivity.md, "Fees").
   */
  EVM_MAX_FEE_PER_GAS: z
    .string()
    .regex(/^[1-9]\d{0,30}$/, 'A whole number of wei')
    .default('500000000000'),
  /**
   * The operator's cap on the network fee of one withdrawal (wei: gas limit × max fee per gas),
   * speed-ups included; empty: only the cap per gas. The lower of the two binds.
   */
  EVM_MAX_FEE_PER_WITHDRAWAL: z
    .string()
    .regex(/^([1-9]\d{0,36})?$/, 'A whole number of wei')
    .default(''),
  /** A withdrawal not mined this long after its last transaction is sped up (0: never). */
  EVM_SPEED_UP_AFTER_MS: integer(0, 86_400_000, 120_000),
};

/** What wallet-ledger signs with its wallets' keys. */
const signatures = {
  /**
   * Contracts that move a wallet's tokens on its typed-data signature, beside Permit2 (always
   * known), as `0xContract,…`: typed data they verify is a token authorization, refused unless a
   * policy allows it (docs/decisions/policies-and-approvals.md, "Token authorizations").
   */
  TOKEN_AUTHORIZING_CONTRACTS: z
    .string()
    .regex(/^(0x[0-9a-fA-F]{40}(,0x[0-9a-fA-F]{40})*)?$/, '0xAddress,…')
    .default('')
    .transform((list) => (list === '' ? [] : list.split(',').map((a) => a.toLowerCase()))),
};

const rateLimits = {
  /** Requests per minute per client on the API; 0 disables. */
  RATE_LIMIT_PER_MINUTE: integer(0, 10_000_000, 6_000),
  /** Requests per minute per IP on /tokens and /issuers/auth; 0 disables. */
  TOKEN_RATE_LIMIT_PER_MINUTE: integer(0, 10_000_000, 60),
};

export const appConfigSchemas = {
  gateway: z.object({
    ...common,
    ...redis,
    ...port(3000),
    /**
     * The internal port of /healthz, the detailed /readyz and /metrics, which name the services
     * and the broker: published to no one (docs/decisions/deployment.md). 0: any free port.
     */
    OPS_PORT: integer(0, 65_535, 3100),
    /** Largest JSON body the gateway accepts, in bytes. */
    BODY_LIMIT_BYTES: integer(1_024, CONFIG_MAXIMA.BODY_LIMIT_BYTES, 1024 * 1024),
    READINESS_TIMEOUT_MS: integer(1, 60_000, 2_000),
    /** Public base URL of the gateway, used in OpenAPI `servers` and `Link` headers. */
    PUBLIC_BASE_URL: z.string().optional(),
    /** Individual-person fields required on create (comma-separated); the spec's minimum by default. */
    INDIVIDUAL_REQUIRED_FIELDS: z
      .string()
      .regex(/^[A-Za-z]+(,[A-Za-z]+)*$/, 'Comma-separated field names')
      .default('generalConditions'),
    /** The built operator console (index.html and assets/); default: beside the gateway's bundle. */
    CONSOLE_DIR: z.string().optional(),
    /**
     * The api client the gateway signs console users in through (the password grant's Basic
     * credentials), kept on the server: the browser gets a session cookie, never the secret nor
     * a token (docs/decisions/operator-console.md). Unset: the console cannot sign in (503).
     */
    CONSOLE_API_CLIENT_ID: z
      .string()
      .regex(/^[A-Za-z0-9._-]{3,64}$/)
      .optional(),
    CONSOLE_API_CLIENT_SECRET: z.string().min(16).max(256).optional(),
    /** A console session's longest life from its sign-in (the refresh token's may end it first). */
    CONSOLE_SESSION_SECONDS: integer(60, 604_800, 28_800),
    ...rateLimits,
  }),
  identity: z.object({
    ...common,
    ...database,
    ...redis,
    ...identity,
    ...heldApprovals,
    ...port(3101),
  }),
  'wallet-ledger': z.object({
    ...common,
    ...database,
    ...redis,
    ...evm,
    ...signatures,
    ...heldApprovals,
    ...jobSchedules,
    ...port(3102),
  }),
  trading: z.object({
    ...common,
    ...database,
    ...redis,
    ...trading,
    ...heldApprovals,
    ...jobSchedules,
    ...port(3103),
  }),
  signing: z.object({
    ...common,
    ...database,
    ...signing,
    ...webauthnRelyingParty,
    ...port(3104),
  }),
  issuer: z.object({ ...common, ...database, ...heldApprovals, ...port(3105) }),
  notifier: z.object({ ...common, ...database, ...redis, ...notifier, ...port(3106) }),
  policy: z.object({
    ...common,
    ...database,
    ...webauthnRelyingParty,
    ...port(3107),
    /** How long an approval waits for its quorum before it expires and its hold is released. */
    APPROVAL_TTL_SECONDS: integer(1, 30 * 86_400, 86_400),
    /** How often pending approvals past their expiry are looked for. */
    APPROVAL_SWEEP_INTERVAL_MS: integer(100, 3_600_000, 5_000),
    /**
     * The key that signs decisions for the signer (`kid:base64url-32-byte-Ed25519-seed`;
     * docs/decisions/signing-decisions.md). Unset: the development key, refused in production.
     */
    POLICY_DECISION_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_.-]+:[A-Za-z0-9_-]{43}$/, 'kid:base64url-seed')
      .optional(),
    /** How long a signed decision may be used (at most DECISION_TTL_MS: minutes, not hours). */
    POLICY_DECISION_TTL_MS: integer(1_000, 300_000, 300_000),
  }),
} satisfies Record<AppName, z.ZodObject>;

/** The tracing variables alone: read before the rest of an app loads (libs/telemetry). */
export const tracingConfigSchema = z.object(tracingVariables);
export type TracingConfig = z.output<typeof tracingConfigSchema>;

export type AppConfigSchemas = typeof appConfigSchemas;
export type AppConfig<A extends AppName> = z.output<AppConfigSchemas[A]>;
/** The part of the config every service (not the gateway) shares. */
export type ServiceConfig = AppConfig<'identity'>;
