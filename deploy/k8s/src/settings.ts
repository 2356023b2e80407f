import type { AppName } from '@custody/contracts';

/**
 * What a Kubernetes deployment decides that docker-compose.yml and libs/config do not say: where
 * the data layer answers, who may reach the apps, what each app may reach outside the cluster,
 * and what each pod may use. Everything else (the apps, their variables, ports, secrets, the drain
 * time) is read from the repository by `environment.ts` and `manifests.ts`.
 * docs/deployment-kubernetes.md explains each choice; change it here and run
 * `npm run k8s:generate`.
 */

/** The namespace of the apps. */
export const NAMESPACE = 'custody';

/**
 * The data layer: a PostgreSQL operator's cluster (CloudNativePG: its `-rw` service follows the
 * primary), a RabbitMQ cluster operator's three nodes, and Redis, in a namespace of their own.
 * `pods` are the labels the operators put on their pods (the NetworkPolicies' targets).
 */
export const DATA_LAYER = {
  namespace: 'custody-data',
  postgres: {
    host: 'custody-db-rw.custody-data.svc',
    port: 5432,
    pods: { 'cnpg.io/cluster': 'custody-db' },
  },
  rabbitmq: {
    host: 'custody-mq.custody-data.svc',
    port: 5672,
    pods: { 'app.kubernetes.io/name': 'custody-mq' },
  },
  redis: {
    host: 'custody-redis.custody-data.svc',
    port: 6379,
    pods: { 'app.kubernetes.io/name': 'custody-redis' },
  },
} as const;

/** Which compose service each data-layer entry replaces (the hosts of docker-compose.yml's URLs). */
export const COMPOSE_HOSTS = {
  postgres: DATA_LAYER.postgres,
  rabbitmq: DATA_LAYER.rabbitmq,
  redis: DATA_LAYER.redis,
} as const;

/** Cluster DNS: every pod resolves the data layer's and the outside world's names. */
export const CLUSTER_DNS = {
  namespace: 'kube-system',
  pods: { 'k8s-app': 'kube-dns' },
  port: 53,
} as const;

/** The ingress controller that alone may reach the gateway's public port. */
export const INGRESS = {
  namespace: 'ingress-nginx',
  className: 'nginx',
  host: 'custody.example.com',
  tlsSecret: 'custody-gateway-tls',
} as const;

/** The namespace whose Prometheus scrapes every app's ops port (`/metrics`). */
export const MONITORING_NAMESPACE = 'monitoring';

/** Where the images are: `<registry>/custody-<app>:<tag>` (docker/Dockerfile with APP=<app>). */
export const IMAGE_REGISTRY = 'registry.example.com/custody';

/** Addresses outside the cluster that are not the public internet (never reached by a rule). */
const PRIVATE_V4 = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.168.0.0/16',
];
const PRIVATE_V6 = ['::1/128', 'fc00::/7', 'fe80::/10'];

export interface EgressRule {
  /** Why the app needs it (written beside the rule in the docs and in the spec's messages). */
  purpose: string;
  ipBlocks: { cidr: string; except?: string[] }[];
  ports: number[];
}

/** The public internet, never the cluster's, the cloud's metadata or another private network. */
export const PUBLIC_INTERNET = [
  { cidr: '0.0.0.0/0', except: PRIVATE_V4 },
  { cidr: '::/0', except: PRIVATE_V6 },
];

/**
 * What each app reaches beyond the data layer and DNS. Hosted services are public addresses that
 * change (no NetworkPolicy can name a host): the rule is the public internet on their ports.
 */
export const EXTERNAL_EGRESS: Partial<Record<AppName, EgressRule[]>> = {
  'wallet-ledger': [
    {
      purpose: 'EVM nodes (EVM_RPC_URL / EVM_RPC_URLS): hosted (443) or self-run (8545)',
      ipBlocks: PUBLIC_INTERNET,
      ports: [443, 8545],
    },
  ],
  trading: [
    {
      purpose: 'rate providers (COINGECKO_BASE_URL, EXCHANGE_BASE_URL)',
      ipBlocks: PUBLIC_INTERNET,
      ports: [443],
    },
  ],
  notifier: [
    {
      purpose: 'webhook and Slack receivers, the Twilio API (TWILIO_API_BASE)',
      ipBlocks: PUBLIC_INTERNET,
      ports: [443, 80],
    },
    { purpose: 'SMTP (SMTP_URL)', ipBlocks: PUBLIC_INTERNET, ports: [25, 465, 587] },
  ],
  signing: [
    {
      // 192.0.2.0/24 is TEST-NET-1: it matches nothing until the HSM's address replaces it.
      purpose: "the network HSM behind the PKCS#11 module (its vendor's port; Luna's 1792)",
      ipBlocks: [{ cidr: '192.0.2.10/32' }],
      ports: [1792],
    },
  ],
};

/** Requests and limits per app (CPU in millicores, memory in MiB). */
export const RESOURCES: Record<
  AppName,
  { cpu: [request: number, limit: number]; memoryMiB: [request: number, limit: number] }
> = {
  gateway: { cpu: [250, 1000], memoryMiB: [256, 512] },
  // Password hashing (argon2) is identity's CPU and memory.
  identity: { cpu: [200, 1000], memoryMiB: [256, 512] },
  'wallet-ledger': { cpu: [250, 1000], memoryMiB: [256, 512] },
  trading: { cpu: [100, 500], memoryMiB: [192, 384] },
  signing: { cpu: [100, 500], memoryMiB: [192, 384] },
  issuer: { cpu: [100, 500], memoryMiB: [128, 256] },
  notifier: { cpu: [100, 500], memoryMiB: [192, 384] },
  policy: { cpu: [100, 500], memoryMiB: [192, 384] },
};

/** Every app runs this many replicas at least; the autoscaled ones grow up to `max`. */
export const MIN_REPLICAS = 2;
export const AUTOSCALED: Partial<Record<AppName, { max: number; cpuPercent: number }>> = {
  gateway: { max: 6, cpuPercent: 70 },
  'wallet-ledger': { max: 4, cpuPercent: 70 },
};

/**
 * Seconds between the pod's removal from its Service's endpoints and SIGTERM: the endpoints reach
 * every node's proxy and the ingress controller asynchronously, so a process that stopped at once
 * would still be sent requests.
 */
export const PRE_STOP_SECONDS = 5;
/** Beyond the preStop pause and SHUTDOWN_TIMEOUT_MS, before the kubelet sends SIGKILL. */
export const TERMINATION_MARGIN_SECONDS = 5;

/** The image's user (docker/Dockerfile: `USER node`), numeric so runAsNonRoot can check it. */
export const RUN_AS_USER = 1000;

/**
 * Variables that are secrets though docker-compose.yml gives them an empty default (optional
 * there): they come from the app's Secret by reference, `optional`, so an absent key leaves the
 * variable unset. EVM node URLs carry the provider's API key; SMTP_URL its login.
 */
export const OPTIONAL_SECRETS = [
  'CONSOLE_API_CLIENT_ID',
  'CONSOLE_API_CLIENT_SECRET',
  'COINGECKO_API_KEY',
  'EVM_RPC_URL',
  'EVM_RPC_URLS',
  'SMTP_URL',
  'TWILIO_ACCOUNT_SID',
  'TWILIO_AUTH_TOKEN',
];

/** Where Secret files are mounted (read-only) in a pod. */
export const SECRET_FILES_DIR = '/var/run/secrets/custody';

/**
 * What a Kubernetes deployment sets differently from docker-compose.yml, per app: a value (into
 * the ConfigMap), `null` (the variable is dropped), or a Secret key mounted as a file whose path
 * the variable names.
 */
export type Override = string | null | { secretFile: string };
/**
 * What every service (an app with a database) sets in Kubernetes: the migrations Job applies the
 * migrations before the apps roll (`main.js migrate`), and a service only checks at start that
 * none is pending (docs/deployment-kubernetes.md, "Migrations").
 */
export const SERVICE_OVERRIDES: Record<string, Override> = { MIGRATE_AT_START: 'false' };
export const OVERRIDES: Partial<Record<AppName | '*', Record<string, Override>>> = {
  // A three-node RabbitMQ cluster: durable queues replicated by Raft (docs/deployment-kubernetes.md).
  '*': { MQ_QUORUM_QUEUES: 'true' },
  gateway: { PUBLIC_BASE_URL: `https://${INGRESS.host}` },
  // The master seed sealed by a network HSM's token, never in the environment; production
  // refuses the development paths (libs/config REFUSED_IN_PRODUCTION).
  signing: {
    SIGNING_MASTER_MNEMONIC: null,
    SIGNING_MASTER_SEED_FILE: null,
    SIGNING_DEV_SEED_FILE: null,
    SIGNING_PKCS11_MODULE: '/opt/hsm/lib/libpkcs11.so',
    SIGNING_PKCS11_TOKEN_LABEL: 'custody',
    SIGNING_PKCS11_PIN_FILE: { secretFile: 'pkcs11-pin' },
  },
};
