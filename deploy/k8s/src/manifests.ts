import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { INetworkPolicyEgressRule } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyEgressRule';
import type { INetworkPolicyIngressRule } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyIngressRule';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IContainerPort } from 'kubernetes-models/v1/ContainerPort';
import type { IEnvVar } from 'kubernetes-models/v1/EnvVar';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import { Service } from 'kubernetes-models/v1/Service';
import { ServiceAccount } from 'kubernetes-models/v1/ServiceAccount';
import type { IVolume } from 'kubernetes-models/v1/Volume';
import type { IVolumeMount } from 'kubernetes-models/v1/VolumeMount';
import { APPS, type AppName, REDIS_KEYSPACES, SERVICES } from '@custody/contracts';
import { loadConfig } from '@custody/config';
import {
  appEnvironments,
  type Environment,
  readCompose,
  ROOT,
  secretKeys,
  workloadEnvironment,
} from './environment';
import {
  AUTOSCALED,
  CLUSTER_DNS,
  DATA_LAYER,
  EXTERNAL_EGRESS,
  IMAGE_REGISTRY,
  INGRESS,
  MIN_REPLICAS,
  MONITORING_NAMESPACE,
  NAMESPACE,
  PRE_STOP_SECONDS,
  RESOURCES,
  RUN_AS_USER,
  SECRET_FILES_DIR,
  TERMINATION_MARGIN_SECONDS,
} from './settings';

/** Any object the generator writes: a model of `kubernetes-models`, validated against its schema. */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata?: { name?: string; namespace?: string };
  validate(): void;
  toJSON(): unknown;
}

/** One file of deploy/k8s/generated: its objects, applied together. */
export interface ManifestFile {
  file: string;
  objects: K8sObject[];
}

export interface GenerateOptions {
  registry: string;
  tag: string;
  host: string;
}

const VERSION = (
  JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }
).version;

export const DEFAULT_OPTIONS: GenerateOptions = {
  registry: IMAGE_REGISTRY,
  tag: VERSION,
  host: INGRESS.host,
};

/** Workloads that are not apps: the migrations Job (compose's `audit-migrate`). */
export const MIGRATE = 'migrate';
const MIGRATE_COMPOSE_SERVICE = 'audit-migrate';

const selectorLabels = (workload: string) => ({
  'app.kubernetes.io/name': workload,
  'app.kubernetes.io/part-of': 'custody',
});

const labels = (workload: string, component: string, tag: string) => ({
  ...selectorLabels(workload),
  'app.kubernetes.io/component': component,
  'app.kubernetes.io/version': tag,
  'app.kubernetes.io/managed-by': 'k8s-generate',
});

/** The Secret a workload's key lives in: its own, or `shared-secrets` when several workloads use it. */
export const secretName = (workload: string) => `${workload}-secrets`;
export const SHARED_SECRETS = 'shared-secrets';

/** Secret keys read by more than one workload (RPC_PROOF_PUBLIC_KEYS): one copy for all. */
function sharedKeys(envs: Environment[]): Set<string> {
  const count = new Map<string, number>();
  for (const env of envs)
    for (const key of secretKeys(env)) count.set(key, (count.get(key) ?? 0) + 1);
  return new Set([...count].filter(([, n]) => n > 1).map(([key]) => key));
}

/** The plain values of an environment: what its ConfigMap holds. */
export function configData(env: Environment): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env)
      .filter(([, source]) => source.kind === 'config')
      .map(([variable, source]) => [variable, source.kind === 'config' ? source.value : ''])
      .sort(([a = ''], [b = '']) => a.localeCompare(b)),
  );
}

/**
 * The container's `env`: Secret keys by reference first (a composed value may only use the
 * variables defined before it), then the composed values and the paths of Secret files. The
 * plain values come from the ConfigMap (`envFrom`).
 */
function containerEnv(workload: string, env: Environment, shared: Set<string>): IEnvVar[] {
  const ref = (key: string, optional: boolean): IEnvVar['valueFrom'] => ({
    secretKeyRef: {
      name: shared.has(key) ? SHARED_SECRETS : secretName(workload),
      key,
      ...(optional ? { optional: true } : {}),
    },
  });
  const entries = Object.entries(env).sort(([a], [b]) => a.localeCompare(b));
  const keysOfComposed = [
    ...new Set(entries.flatMap(([, source]) => (source.kind === 'composed' ? source.keys : []))),
  ].sort();
  return [
    ...keysOfComposed.map((key) => ({ name: key, valueFrom: ref(key, false) })),
    ...entries.flatMap(([name, source]): IEnvVar[] => {
      if (source.kind === 'secret') return [{ name, valueFrom: ref(source.key, source.optional) }];
      if (source.kind === 'composed') return [{ name, value: source.value }];
      if (source.kind === 'secretFile') return [{ name, value: source.path }];
      return [];
    }),
  ];
}

/** The Secret files of an environment, mounted read-only in one directory. */
function secretFiles(
  workload: string,
  env: Environment,
): { volumes: IVolume[]; mounts: IVolumeMount[] } {
  const files = Object.values(env).flatMap((source) =>
    source.kind === 'secretFile' ? [source.key] : [],
  );
  if (files.length === 0) return { volumes: [], mounts: [] };
  return {
    volumes: [
      {
        name: 'secret-files',
        secret: {
          secretName: secretName(workload),
          items: files.sort().map((key) => ({ key, path: key })),
          defaultMode: 0o440,
        },
      },
    ],
    mounts: [{ name: 'secret-files', mountPath: SECRET_FILES_DIR, readOnly: true }],
  };
}

const podSecurity: IPodSpec['securityContext'] = {
  runAsNonRoot: true,
  runAsUser: RUN_AS_USER,
  runAsGroup: RUN_AS_USER,
  fsGroup: RUN_AS_USER,
  seccompProfile: { type: 'RuntimeDefault' },
};

const containerSecurity: IContainer['securityContext'] = {
  allowPrivilegeEscalation: false,
  privileged: false,
  readOnlyRootFilesystem: true,
  runAsNonRoot: true,
  capabilities: { drop: ['ALL'] },
};

/** Node's temporary files: the root filesystem is read-only. */
const tmpVolume: IVolume = { name: 'tmp', emptyDir: { medium: 'Memory', sizeLimit: '64Mi' } };
const tmpMount: IVolumeMount = { name: 'tmp', mountPath: '/tmp' };

const image = (app: string, options: GenerateOptions) =>
  `${options.registry}/custody-${app}:${options.tag}`;

const checksum = (data: Record<string, string>) =>
  createHash('sha256').update(JSON.stringify(data)).digest('hex');

/** An app's ports and drain time, as its config reads them (compose's values, else the defaults). */
export function appRuntime(app: AppName, env: Environment) {
  const plain = Object.fromEntries(
    Object.entries(env).flatMap(([name, source]) => {
      if (source.kind === 'config') return [[name, source.value]];
      if (source.kind === 'secretFile') return [[name, source.path]];
      return [];
    }),
  );
  // Development mode: the secrets are absent here (they are the Secret's); the spec checks
  // production's rules with placeholder values.
  const development = { ...plain, NODE_ENV: 'development' };
  const config = loadConfig(app, development);
  const opsPort = app === 'gateway' ? loadConfig('gateway', development).OPS_PORT : config.PORT;
  return {
    port: config.PORT,
    opsPort,
    shutdownSeconds: Math.ceil(config.SHUTDOWN_TIMEOUT_MS / 1000),
  };
}

/** Seconds from the pod's deletion to SIGKILL: the preStop pause, the app's drain, a margin. */
export const terminationGraceSeconds = (shutdownSeconds: number) =>
  PRE_STOP_SECONDS + shutdownSeconds + TERMINATION_MARGIN_SECONDS;

const usesDatabase = (app: AppName) => (SERVICES as readonly string[]).includes(app);
const usesRedis = (app: AppName) => REDIS_KEYSPACES[app].length > 0;

function dataLayerEgress(
  target: (typeof DATA_LAYER)['postgres' | 'rabbitmq' | 'redis'],
): INetworkPolicyEgressRule {
  return {
    to: [
      {
        namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': DATA_LAYER.namespace } },
        podSelector: { matchLabels: { ...target.pods } },
      },
    ],
    ports: [{ protocol: 'TCP', port: target.port }],
  };
}

const dnsEgress: INetworkPolicyEgressRule = {
  to: [
    {
      namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': CLUSTER_DNS.namespace } },
      podSelector: { matchLabels: { ...CLUSTER_DNS.pods } },
    },
  ],
  ports: [
    { protocol: 'UDP', port: CLUSTER_DNS.port },
    { protocol: 'TCP', port: CLUSTER_DNS.port },
  ],
};

/** Exactly what an app reaches: DNS, the broker, its database and Redis if it has them, its outside. */
export function appEgress(app: AppName): INetworkPolicyEgressRule[] {
  return [
    dnsEgress,
    dataLayerEgress(DATA_LAYER.rabbitmq),
    ...(usesDatabase(app) ? [dataLayerEgress(DATA_LAYER.postgres)] : []),
    ...(usesRedis(app) ? [dataLayerEgress(DATA_LAYER.redis)] : []),
    ...(EXTERNAL_EGRESS[app] ?? []).map((rule): INetworkPolicyEgressRule => ({
      to: rule.ipBlocks.map((block) => ({ ipBlock: { ...block } })),
      ports: rule.ports.map((port) => ({ protocol: 'TCP', port })),
    })),
  ];
}

/** Traffic from any pod of one namespace (the ingress controller's, monitoring's) to one port. */
function fromNamespace(namespace: string, port: number): INetworkPolicyIngressRule {
  return {
    from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': namespace } } }],
    ports: [{ protocol: 'TCP', port }],
  };
}

function namespaceFile(): ManifestFile {
  return {
    file: '00-namespace.yaml',
    objects: [
      new Namespace({
        metadata: {
          name: NAMESPACE,
          labels: {
            'app.kubernetes.io/part-of': 'custody',
            // Every pod here passes the restricted Pod Security Standard.
            'pod-security.kubernetes.io/enforce': 'restricted',
            'pod-security.kubernetes.io/enforce-version': 'latest',
          },
        },
      }),
      // Nothing in or out unless an app's own policy allows it.
      new NetworkPolicy({
        metadata: { name: 'default-deny', namespace: NAMESPACE },
        spec: { podSelector: {}, policyTypes: ['Ingress', 'Egress'] },
      }),
    ],
  };
}

function serviceAccount(workload: string, component: string, tag: string): ServiceAccount {
  // No app calls the Kubernetes API: no token in its pods.
  return new ServiceAccount({
    metadata: { name: workload, namespace: NAMESPACE, labels: labels(workload, component, tag) },
    automountServiceAccountToken: false,
  });
}

function appFile(
  app: AppName,
  env: Environment,
  shared: Set<string>,
  options: GenerateOptions,
): ManifestFile {
  const component = app === 'gateway' ? 'api' : 'service';
  const meta = (name: string) => ({
    name,
    namespace: NAMESPACE,
    labels: labels(app, component, options.tag),
  });
  const { port, opsPort, shutdownSeconds } = appRuntime(app, env);
  const data = configData(env);
  const files = secretFiles(app, env);
  const [cpuRequest, cpuLimit] = RESOURCES[app].cpu;
  const [memoryRequest, memoryLimit] = RESOURCES[app].memoryMiB;
  const ports: IContainerPort[] =
    app === 'gateway'
      ? [
          { name: 'http', containerPort: port, protocol: 'TCP' },
          { name: 'ops', containerPort: opsPort, protocol: 'TCP' },
        ]
      : [{ name: 'ops', containerPort: opsPort, protocol: 'TCP' }];

  const container: IContainer = {
    name: app,
    image: image(app, options),
    imagePullPolicy: 'IfNotPresent',
    ports,
    envFrom: [{ configMapRef: { name: `${app}-config` } }],
    env: containerEnv(app, env, shared),
    resources: {
      requests: { cpu: `${cpuRequest}m`, memory: `${memoryRequest}Mi` },
      limits: { cpu: `${cpuLimit}m`, memory: `${memoryLimit}Mi` },
    },
    // Migrations run at start (libs/persistence): up to five minutes before /healthz answers.
    startupProbe: {
      httpGet: { path: '/healthz', port: 'ops' },
      periodSeconds: 5,
      failureThreshold: 60,
    },
    livenessProbe: {
      httpGet: { path: '/healthz', port: 'ops' },
      periodSeconds: 10,
      timeoutSeconds: 3,
      failureThreshold: 3,
    },
    // Every dependency answers (the gateway: every service's RPC ping); 503 while draining.
    readinessProbe: {
      httpGet: { path: '/readyz', port: 'ops' },
      periodSeconds: 5,
      timeoutSeconds: 3,
      failureThreshold: 2,
    },
    lifecycle: { preStop: { exec: { command: ['sleep', String(PRE_STOP_SECONDS)] } } },
    securityContext: containerSecurity,
    volumeMounts: [tmpMount, ...files.mounts],
  };

  const objects: K8sObject[] = [
    serviceAccount(app, component, options.tag),
    new ConfigMap({ metadata: meta(`${app}-config`), data }),
    new Deployment({
      metadata: meta(app),
      spec: {
        // The autoscaled apps start with it too, never with one (docs: "Autoscaling").
        replicas: MIN_REPLICAS,
        revisionHistoryLimit: 5,
        selector: { matchLabels: selectorLabels(app) },
        strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
        template: {
          metadata: {
            labels: labels(app, component, options.tag),
            annotations: {
              // A changed ConfigMap rolls the pods.
              'custody/config-checksum': checksum(data),
              'prometheus.io/scrape': 'true',
              'prometheus.io/port': String(opsPort),
              'prometheus.io/path': '/metrics',
            },
          },
          spec: {
            serviceAccountName: app,
            automountServiceAccountToken: false,
            terminationGracePeriodSeconds: terminationGraceSeconds(shutdownSeconds),
            securityContext: podSecurity,
            // Replicas on different machines, and zones where there are several.
            topologySpreadConstraints: [
              {
                maxSkew: 1,
                topologyKey: 'kubernetes.io/hostname',
                whenUnsatisfiable: 'DoNotSchedule',
                labelSelector: { matchLabels: selectorLabels(app) },
              },
              {
                maxSkew: 1,
                topologyKey: 'topology.kubernetes.io/zone',
                whenUnsatisfiable: 'ScheduleAnyway',
                labelSelector: { matchLabels: selectorLabels(app) },
              },
            ],
            containers: [container],
            volumes: [tmpVolume, ...files.volumes],
          },
        },
      },
    }),
    new Service({
      metadata: meta(app),
      spec: {
        type: 'ClusterIP',
        selector: selectorLabels(app),
        ports: ports.map((p) => ({
          name: p.name,
          port: p.name === 'http' ? 80 : p.containerPort,
          targetPort: p.name,
          protocol: 'TCP',
        })),
      },
    }),
    new PodDisruptionBudget({
      metadata: meta(app),
      spec: { minAvailable: 1, selector: { matchLabels: selectorLabels(app) } },
    }),
    new NetworkPolicy({
      metadata: meta(app),
      spec: {
        podSelector: { matchLabels: selectorLabels(app) },
        policyTypes: ['Ingress', 'Egress'],
        ingress: [
          ...(app === 'gateway' ? [fromNamespace(INGRESS.namespace, port)] : []),
          fromNamespace(MONITORING_NAMESPACE, opsPort),
        ],
        egress: appEgress(app),
      },
    }),
  ];

  const autoscaled = AUTOSCALED[app];
  if (autoscaled)
    objects.push(
      new HorizontalPodAutoscaler({
        metadata: meta(app),
        spec: {
          scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: app },
          minReplicas: MIN_REPLICAS,
          maxReplicas: autoscaled.max,
          metrics: [
            {
              type: 'Resource',
              resource: {
                name: 'cpu',
                target: { type: 'Utilization', averageUtilization: autoscaled.cpuPercent },
              },
            },
          ],
          // Scale down slowly: a replica leaving drains for up to its grace period.
          behavior: { scaleDown: { stabilizationWindowSeconds: 300 } },
        },
      }),
    );

  if (app === 'gateway')
    objects.push(
      new Ingress({
        metadata: {
          ...meta(app),
          annotations: {
            // Above the gateway's own limit (BODY_LIMIT_BYTES), so a body too large gets its 413
            // problem+json rather than the controller's page.
            'nginx.ingress.kubernetes.io/proxy-body-size': `${
              Math.ceil(Number(data['BODY_LIMIT_BYTES'] ?? 1_048_576) / 1_048_576) + 1
            }m`,
          },
        },
        spec: {
          ingressClassName: INGRESS.className,
          tls: [{ hosts: [options.host], secretName: INGRESS.tlsSecret }],
          rules: [
            {
              host: options.host,
              http: {
                paths: [
                  {
                    path: '/',
                    pathType: 'Prefix',
                    backend: { service: { name: app, port: { name: 'http' } } },
                  },
                ],
              },
            },
          ],
        },
      }),
    );

  return { file: `${app}.yaml`, objects };
}

/**
 * Each service's schema migrated as the service (`node main.js migrate` of its image, its own
 * login): the Job's init containers, one after the other, before the apps roll; the apps, with
 * MIGRATE_AT_START=false (SERVICE_OVERRIDES), only check that none is pending.
 */
function serviceMigrations(
  envs: Record<AppName, Environment>,
  options: GenerateOptions,
): IContainer[] {
  return SERVICES.map((service) => {
    const databaseUrl = envs[service]['DATABASE_URL'];
    if (!databaseUrl) throw new Error(`${service} has no DATABASE_URL to migrate with`);
    return {
      name: `schema-${service}`,
      image: image(service, options),
      imagePullPolicy: 'IfNotPresent',
      command: ['node', 'main.js', 'migrate'],
      envFrom: [{ configMapRef: { name: `${MIGRATE}-config` } }],
      // Its password from its own Secret: the Job migrates as the role that owns the schema.
      env: containerEnv(service, { DATABASE_URL: databaseUrl }, new Set()),
      resources: {
        requests: { cpu: '100m', memory: '128Mi' },
        limits: { cpu: '500m', memory: '256Mi' },
      },
      securityContext: containerSecurity,
      volumeMounts: [tmpMount],
    };
  });
}

/**
 * The migrations Job: every service's schema as the service (init containers, `main.js migrate`),
 * then compose's `audit-migrate`: identity's image migrates the audit schema as its owner, whose
 * login no app holds (docs/deployment-kubernetes.md, "Migrations").
 */
function migrateFile(
  env: Environment,
  envs: Record<AppName, Environment>,
  options: GenerateOptions,
  compose = readCompose(),
): ManifestFile {
  const service = compose[MIGRATE_COMPOSE_SERVICE];
  const app = service?.build?.args?.APP;
  const command = service?.command;
  if (!app || !command)
    throw new Error(`docker-compose.yml: ${MIGRATE_COMPOSE_SERVICE} has no APP or command`);
  const name = `${MIGRATE}-${options.tag.replace(/[^a-z0-9-]/gi, '-').toLowerCase()}`;
  const data = configData(env);
  const meta = (objectName: string) => ({
    name: objectName,
    namespace: NAMESPACE,
    labels: labels(MIGRATE, 'migration', options.tag),
  });
  return {
    file: '10-migrate.yaml',
    objects: [
      serviceAccount(MIGRATE, 'migration', options.tag),
      new ConfigMap({ metadata: meta(`${MIGRATE}-config`), data }),
      new Job({
        // One Job per release: a Job's pod template cannot change once created.
        metadata: meta(name),
        spec: {
          backoffLimit: 3,
          activeDeadlineSeconds: 600,
          ttlSecondsAfterFinished: 86_400,
          template: {
            metadata: { labels: labels(MIGRATE, 'migration', options.tag) },
            spec: {
              restartPolicy: 'Never',
              serviceAccountName: MIGRATE,
              automountServiceAccountToken: false,
              securityContext: podSecurity,
              initContainers: serviceMigrations(envs, options),
              containers: [
                {
                  name: MIGRATE,
                  image: image(app, options),
                  imagePullPolicy: 'IfNotPresent',
                  command,
                  envFrom: [{ configMapRef: { name: `${MIGRATE}-config` } }],
                  env: containerEnv(MIGRATE, env, new Set()),
                  resources: {
                    requests: { cpu: '100m', memory: '128Mi' },
                    limits: { cpu: '500m', memory: '256Mi' },
                  },
                  securityContext: containerSecurity,
                  volumeMounts: [tmpMount],
                },
              ],
              volumes: [tmpVolume],
            },
          },
        },
      }),
      new NetworkPolicy({
        metadata: meta(MIGRATE),
        spec: {
          podSelector: { matchLabels: selectorLabels(MIGRATE) },
          policyTypes: ['Ingress', 'Egress'],
          egress: [dnsEgress, dataLayerEgress(DATA_LAYER.postgres)],
        },
      }),
    ],
  };
}

/** The migrate Job's environment: compose's `audit-migrate`. */
export function migrateEnvironment(compose = readCompose()): Environment {
  return workloadEnvironment(MIGRATE_COMPOSE_SERVICE, [], compose);
}

/** Every file of deploy/k8s/generated, in the order they are applied. */
export function manifests(options: GenerateOptions = DEFAULT_OPTIONS): ManifestFile[] {
  const compose = readCompose();
  const envs = appEnvironments(compose);
  const shared = sharedKeys(APPS.map((app) => envs[app]));
  return [
    namespaceFile(),
    migrateFile(migrateEnvironment(compose), envs, options, compose),
    ...APPS.map((app) => appFile(app, envs[app], shared, options)),
  ];
}
