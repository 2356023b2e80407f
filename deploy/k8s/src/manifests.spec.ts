import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { INetworkPolicyEgressRule } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyEgressRule';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IEnvVar } from 'kubernetes-models/v1/EnvVar';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Service } from 'kubernetes-models/v1/Service';
import { ServiceAccount } from 'kubernetes-models/v1/ServiceAccount';
import { parseAllDocuments } from 'yaml';
import { APPS, type AppName, REDIS_KEYSPACES, SERVICES } from '@custody/contracts';
import { appConfigSchemas, DEV_SECRETS, loadConfig } from '@custody/config';
import { appEnvironments, readCompose, ROOT } from './environment';
import { GENERATE_COMMAND, GENERATED_DIR, renderAll, staleFiles } from './generate';
import {
  appRuntime,
  type K8sObject,
  MIGRATE,
  manifests,
  SHARED_SECRETS,
  secretName,
} from './manifests';
import {
  CLUSTER_DNS,
  DATA_LAYER,
  EXTERNAL_EGRESS,
  INGRESS,
  MONITORING_NAMESPACE,
  NAMESPACE,
  OPTIONAL_SECRETS,
  OVERRIDES,
  PRE_STOP_SECONDS,
} from './settings';

/** The model of each kind the generator writes, to read the committed YAML back with. */
const MODELS: Record<string, new (data: never) => K8sObject> = {
  'v1/Namespace': Namespace,
  'v1/ServiceAccount': ServiceAccount,
  'v1/ConfigMap': ConfigMap,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'networking.k8s.io/v1/Ingress': Ingress,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
};

/** The committed objects, each constructed as its model (an unknown kind fails). */
function committedObjects(): { file: string; object: K8sObject }[] {
  return [...renderAll().keys()].flatMap((file) =>
    parseAllDocuments(readFileSync(path.join(GENERATED_DIR, file), 'utf8')).map((document) => {
      const data = document.toJS() as { apiVersion: string; kind: string };
      const Model = MODELS[`${data.apiVersion}/${data.kind}`];
      if (!Model) throw new Error(`${file}: no model for ${data.apiVersion} ${data.kind}`);
      return { file, object: new Model(data as never) };
    }),
  );
}

const generated = manifests().flatMap((file) => file.objects);

function find<T extends K8sObject>(model: abstract new (...args: never[]) => T, name: string): T {
  const found = generated.find(
    (object): object is T => object instanceof model && object.metadata?.name === name,
  );
  if (!found) throw new Error(`no ${model.name} ${name}`);
  return found;
}

const deployment = (app: AppName) => find(Deployment, app);
const container = (app: AppName) => {
  const first = deployment(app).spec?.template.spec?.containers[0];
  if (!first) throw new Error(`${app} has no container`);
  return first;
};
const podLabels = (app: AppName) => deployment(app).spec?.template.metadata?.labels ?? {};
/** Whether a label selector picks the pods of `labels`. */
const selects = (selector: Record<string, string> | undefined, labels: Record<string, string>) =>
  selector !== undefined &&
  Object.keys(selector).length > 0 &&
  Object.entries(selector).every(([key, value]) => labels[key] === value);

/** Variables whose values are secrets: compose's required ones (`${NAME:?}`) and the optional. */
function secretVariables(): Record<string, Set<string>> {
  const compose = readCompose();
  return Object.fromEntries(
    [...APPS, 'audit-migrate'].map((service) => [
      service,
      new Set(
        Object.entries(compose[service]?.environment ?? {})
          .filter(
            ([name, value]) => /\$\{[A-Z0-9_]+:\?/.test(value) || OPTIONAL_SECRETS.includes(name),
          )
          .map(([name]) => name),
      ),
    ]),
  );
}

/** Values an operator would put in the Secrets (the shapes production accepts). */
function placeholderSecret(key: string): string {
  const seed = (n: number) => Buffer.alloc(32, n).toString('base64url');
  if (key.startsWith('RPC_PROOF_KEY_')) return seed(key.length);
  if (key === 'RPC_PROOF_PUBLIC_KEYS') return APPS.map((app) => `${app}=${seed(9)}`).join(',');
  if (key === 'POLICY_DECISION_PUBLIC_KEYS') return `k1=${seed(12)}`;
  if (key === 'POLICY_DECISION_KEY' || key === 'AUDIT_CHECKPOINT_KEY') return `k1:${seed(11)}`;
  if (key.endsWith('_ENCRYPTION_KEY')) return Buffer.alloc(32, key.length).toString('base64');
  if (key === 'BOOTSTRAP_ADMIN_EMAIL') return 'ops@example.com';
  if (key === 'BOOTSTRAP_API_CLIENT_ID') return 'ops-console';
  return `s3cr3t-${key.toLowerCase().replaceAll('_', '-')}-0b9f6c2d8e`;
}

/** A container's environment as the kubelet would give it, with the placeholder secrets. */
function resolvedEnvironment(app: AppName): Record<string, string> {
  const data = find(ConfigMap, `${app}-config`).data ?? {};
  const env: Record<string, string> = { ...data };
  for (const variable of container(app).env ?? []) {
    const ref = variable.valueFrom?.secretKeyRef;
    if (ref) {
      // An optional key the operator did not set leaves the variable unset.
      if (!ref.optional) env[variable.name] = placeholderSecret(ref.key);
    } else
      env[variable.name] = (variable.value ?? '').replace(
        /\$\(([A-Z0-9_]+)\)/g,
        (_, name: string) => {
          const defined = env[name];
          if (defined === undefined)
            throw new Error(`${app}: $(${name}) used before it is defined`);
          return defined;
        },
      );
  }
  return env;
}

describe('deploy/k8s/generated', () => {
  it(`is what the generator writes (\`${GENERATE_COMMAND}\` rewrites it)`, () => {
    expect(staleFiles(GENERATED_DIR, renderAll())).toEqual([]);
  });

  it('validates, object by object, against the Kubernetes schemas (the committed YAML read back)', () => {
    const objects = committedObjects();
    expect(objects.length).toBe(generated.length);
    for (const { file, object } of objects)
      expect(() => object.validate()).not.toThrow(
        `${file}: ${object.kind} ${object.metadata?.name}`,
      );
    for (const object of generated) expect(() => object.validate()).not.toThrow();
  });

  it('is checked by the schemas: a wrong type or a missing field fails', () => {
    const good = deployment('gateway').toJSON() as { spec: Record<string, unknown> };
    const broken = new Deployment({ ...good, spec: { ...good.spec, replicas: 'two' } } as never);
    expect(() => broken.validate()).toThrow(/replicas/);
    const noImage = new Deployment({
      ...good,
      spec: { ...good.spec, template: { spec: { containers: [{ name: 'x', ports: 'http' }] } } },
    } as never);
    expect(() => noImage.validate()).toThrow();
  });
});

describe.each(APPS)('%s', (app) => {
  const env = appEnvironments()[app];
  const runtime = appRuntime(app, env);

  it('runs at least two replicas spread over machines, and a PodDisruptionBudget keeps one', () => {
    const spec = deployment(app).spec;
    expect(spec?.replicas).toBeGreaterThanOrEqual(2);
    expect(spec?.strategy?.rollingUpdate?.maxUnavailable).toBe(0);
    expect(
      spec?.template.spec?.topologySpreadConstraints?.map((constraint) => constraint.topologyKey),
    ).toContain('kubernetes.io/hostname');
    const budget = find(PodDisruptionBudget, app);
    expect(budget.spec?.minAvailable).toBe(1);
    expect(selects(budget.spec?.selector?.matchLabels, podLabels(app))).toBe(true);
    expect(selects(spec?.selector.matchLabels, podLabels(app))).toBe(true);
  });

  it("probes readiness on /readyz and liveness on /healthz, on the ops port the app's config opens", () => {
    const c = container(app);
    const ops = c.ports?.find((port) => port.name === 'ops');
    expect(ops?.containerPort).toBe(runtime.opsPort);
    expect(c.readinessProbe?.httpGet).toEqual({ path: '/readyz', port: 'ops' });
    expect(c.livenessProbe?.httpGet).toEqual({ path: '/healthz', port: 'ops' });
    expect(c.startupProbe?.httpGet).toEqual({ path: '/healthz', port: 'ops' });
    expect(resolvedEnvironment(app)['PORT']).toBe(String(runtime.port));
    if (app === 'gateway') {
      expect(runtime.opsPort).not.toBe(runtime.port);
      expect(resolvedEnvironment(app)['OPS_PORT']).toBe(String(runtime.opsPort));
    }
  });

  it('is given the time to drain before it is killed (preStop pause + SHUTDOWN_TIMEOUT_MS)', () => {
    const shutdownMs = Number(resolvedEnvironment(app)['SHUTDOWN_TIMEOUT_MS']);
    expect(shutdownMs).toBeGreaterThan(0);
    expect(runtime.shutdownSeconds * 1000).toBeGreaterThanOrEqual(shutdownMs);
    expect(container(app).lifecycle?.preStop?.exec?.command).toEqual([
      'sleep',
      String(PRE_STOP_SECONDS),
    ]);
    expect(deployment(app).spec?.template.spec?.terminationGracePeriodSeconds).toBeGreaterThan(
      PRE_STOP_SECONDS + shutdownMs / 1000,
    );
  });

  it('has resource requests and limits, and limits at least its requests', () => {
    const { requests, limits } = container(app).resources ?? {};
    for (const resource of ['cpu', 'memory']) {
      expect(requests?.[resource]).toBeDefined();
      expect(limits?.[resource]).toBeDefined();
    }
    const amount = (value: unknown) => parseInt(String(value), 10);
    expect(amount(limits?.['cpu'])).toBeGreaterThanOrEqual(amount(requests?.['cpu']));
    expect(amount(limits?.['memory'])).toBeGreaterThanOrEqual(amount(requests?.['memory']));
  });

  it('runs as a non-root user with a read-only root, no privilege escalation and no capability', () => {
    const pod = deployment(app).spec?.template.spec;
    expect(pod?.securityContext?.runAsNonRoot).toBe(true);
    expect(pod?.securityContext?.runAsUser).toBeGreaterThan(0);
    expect(pod?.automountServiceAccountToken).toBe(false);
    expect(container(app).securityContext).toMatchObject({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ['ALL'] },
    });
  });

  it('reads only variables its config knows, and production accepts the configuration', () => {
    const environment = resolvedEnvironment(app);
    const unknown = Object.keys(environment).filter(
      (name) => !(name in appConfigSchemas[app].shape) && !/^[A-Z_]+_PASSWORD_[A-Z_]+$/.test(name),
    );
    expect(unknown).toEqual([]);
    expect(environment['NODE_ENV']).toBe('production');
    expect(() => loadConfig(app, environment)).not.toThrow();
  });

  it('takes every secret from a Secret by reference, never as a value', () => {
    const secrets = secretVariables()[app] ?? new Set<string>();
    expect(secrets.size).toBeGreaterThan(0);
    const configMap = find(ConfigMap, `${app}-config`).data ?? {};
    const byName = new Map((container(app).env ?? []).map((v: IEnvVar) => [v.name, v]));
    for (const name of secrets) {
      expect([name, name in configMap]).toEqual([name, false]);
      const variable = byName.get(name);
      // Dropped for Kubernetes (signing's seed in the environment: a PKCS#11 token instead).
      if (!variable) {
        expect([name, OVERRIDES[app]?.[name]]).toEqual([name, null]);
        continue;
      }
      if (variable.valueFrom) {
        expect(variable.valueFrom.secretKeyRef?.name).toMatch(
          new RegExp(`^(${secretName(app)}|${SHARED_SECRETS})$`),
        );
        continue;
      }
      // A URL with its password: the password is a Secret key the kubelet substitutes.
      const url = new URL(variable.value ?? '');
      expect([name, url.password]).toEqual([name, expect.stringMatching(/^\$\([A-Z0-9_]+\)$/)]);
      const key = url.password.slice(2, -1);
      expect(byName.get(key)?.valueFrom?.secretKeyRef?.key).toBe(key);
    }
    // Secret keys are another workload's only if shared by all that read them.
    for (const variable of container(app).env ?? [])
      if (variable.valueFrom?.secretKeyRef?.name === SHARED_SECRETS)
        expect(variable.valueFrom.secretKeyRef.key).toBe('RPC_PROOF_PUBLIC_KEYS');
  });

  it('is reached only where it takes traffic: the gateway from the ingress controller, metrics from monitoring', () => {
    const policy = find(NetworkPolicy, app);
    expect(selects(policy.spec?.podSelector.matchLabels, podLabels(app))).toBe(true);
    expect(policy.spec?.policyTypes).toEqual(['Ingress', 'Egress']);
    const ingress = (policy.spec?.ingress ?? []).map((rule) => ({
      from: rule.from?.map(
        (peer) => peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'],
      ),
      ports: rule.ports?.map((port) => port.port),
    }));
    expect(ingress).toEqual([
      ...(app === 'gateway' ? [{ from: [INGRESS.namespace], ports: [runtime.port] }] : []),
      { from: [MONITORING_NAMESPACE], ports: [runtime.opsPort] },
    ]);
    const service = find(Service, app);
    expect(service.spec?.ports?.map((port) => port.targetPort)).toEqual(
      app === 'gateway' ? ['http', 'ops'] : ['ops'],
    );
  });

  it('reaches exactly DNS, the broker, its database and Redis where it has them, and its outside', () => {
    const egress = find(NetworkPolicy, app).spec?.egress ?? [];
    // Every rule names its peers and ports: none allows everything.
    for (const rule of egress) {
      expect(rule.to?.length).toBeGreaterThan(0);
      expect(rule.ports?.length).toBeGreaterThan(0);
    }
    const target = (rule: INetworkPolicyEgressRule) => {
      const peer = rule.to?.[0];
      if (peer?.ipBlock) return `ip:${rule.to?.map((p) => p.ipBlock?.cidr).join(',')}`;
      const labels = peer?.podSelector?.matchLabels ?? {};
      const named = (
        [
          ['dns', CLUSTER_DNS.pods],
          ['rabbitmq', DATA_LAYER.rabbitmq.pods],
          ['postgres', DATA_LAYER.postgres.pods],
          ['redis', DATA_LAYER.redis.pods],
        ] as const
      ).find(([, pods]) => selects(pods, labels));
      return named?.[0] ?? 'unknown';
    };
    const expected = [
      'dns',
      'rabbitmq',
      ...((SERVICES as readonly string[]).includes(app) ? ['postgres'] : []),
      ...(REDIS_KEYSPACES[app].length > 0 ? ['redis'] : []),
      ...(EXTERNAL_EGRESS[app] ?? []).map(
        (rule) => `ip:${rule.ipBlocks.map((block) => block.cidr).join(',')}`,
      ),
    ];
    expect(egress.map(target)).toEqual(expected);
    for (const rule of egress.filter((r) => r.to?.[0]?.ipBlock))
      for (const peer of rule.to ?? [])
        if (peer.ipBlock?.cidr === '0.0.0.0/0')
          // The public internet only: never the cluster, the cloud's metadata, a private network.
          expect(peer.ipBlock.except).toEqual(
            expect.arrayContaining([
              '10.0.0.0/8',
              '169.254.0.0/16',
              '172.16.0.0/12',
              '192.168.0.0/16',
            ]),
          );
  });
});

describe('the deployment as a whole', () => {
  it('denies every pod of the namespace all traffic that a policy does not allow', () => {
    const deny = find(NetworkPolicy, 'default-deny');
    expect(deny.metadata?.namespace).toBe(NAMESPACE);
    expect(deny.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
    expect(
      find(Namespace, NAMESPACE).metadata?.labels?.['pod-security.kubernetes.io/enforce'],
    ).toBe('restricted');
  });

  it('needs external egress where the apps call out: chain nodes, rate providers, receivers, the HSM', () => {
    expect(Object.keys(EXTERNAL_EGRESS).sort()).toEqual(
      ['notifier', 'signing', 'trading', 'wallet-ledger'].sort(),
    );
    for (const app of ['gateway', 'identity', 'issuer', 'policy'] as const)
      expect(find(NetworkPolicy, app).spec?.egress?.some((rule) => rule.to?.[0]?.ipBlock)).toBe(
        false,
      );
  });

  it('autoscales the gateway and wallet-ledger, never below two replicas', () => {
    const scaled = generated
      .filter(
        (object): object is HorizontalPodAutoscaler => object instanceof HorizontalPodAutoscaler,
      )
      .map((hpa) => [hpa.spec?.scaleTargetRef.name, hpa.spec?.minReplicas]);
    expect(scaled).toEqual([
      ['gateway', 2],
      ['wallet-ledger', 2],
    ]);
  });

  it("routes the public host to the gateway's public port only", () => {
    const ingress = find(Ingress, 'gateway');
    expect(ingress.spec?.rules?.[0]?.http?.paths[0]?.backend.service).toEqual({
      name: 'gateway',
      port: { name: 'http' },
    });
    expect(resolvedEnvironment('gateway')['PUBLIC_BASE_URL']).toBe(`https://${INGRESS.host}`);
  });

  it("migrates the audit schema in a Job as its owner, whose login identity's pods never get", () => {
    const job = generated.find((object): object is Job => object instanceof Job);
    const spec = job?.spec?.template.spec;
    expect(spec?.restartPolicy).toBe('Never');
    expect(spec?.containers[0]?.command).toEqual(readCompose()['audit-migrate']?.command);
    const keys = (env: IEnvVar[] | undefined) =>
      (env ?? []).flatMap((v) =>
        v.valueFrom?.secretKeyRef ? [v.valueFrom.secretKeyRef.name] : [],
      );
    expect(new Set(keys(spec?.containers[0]?.env))).toEqual(new Set([secretName(MIGRATE)]));
    expect(
      (container('identity').env ?? []).some((v) => v.name === 'PG_PASSWORD_AUDIT_OWNER'),
    ).toBe(false);
    const policy = find(NetworkPolicy, MIGRATE);
    expect(policy.spec?.egress?.length).toBe(2);
    expect(policy.spec?.ingress).toBeUndefined();
  });

  it("migrates every service's schema in the Job first, each as the service, and the services only check theirs", () => {
    const job = generated.find((object): object is Job => object instanceof Job);
    const steps = job?.spec?.template.spec?.initContainers ?? [];
    expect(steps.map((step) => step.name)).toEqual(SERVICES.map((s) => `schema-${s}`));
    for (const [i, service] of SERVICES.entries()) {
      const step = steps[i];
      expect(step?.command).toEqual(['node', 'main.js', 'migrate']);
      expect(step?.image).toBe(container(service).image);
      // Its own login: the password from its own Secret, the URL the service connects with.
      const env = step?.env ?? [];
      expect(env.find((v) => v.name === 'DATABASE_URL')?.value).toBe(
        (container(service).env ?? []).find((v) => v.name === 'DATABASE_URL')?.value,
      );
      expect(
        env.flatMap((v) => (v.valueFrom?.secretKeyRef ? [v.valueFrom.secretKeyRef.name] : [])),
      ).toEqual([secretName(service)]);
      expect(resolvedEnvironment(service)['MIGRATE_AT_START']).toBe('false');
    }
  });

  it('holds no Secret object and no development secret value', () => {
    expect(generated.filter((object) => object.kind === 'Secret')).toEqual([]);
    const text = [...renderAll().values()].join('\n');
    const devEnv = readFileSync(path.join(ROOT, 'docker', 'dev.env'), 'utf8')
      .split('\n')
      .filter((line) => /^[A-Z0-9_]+=/.test(line))
      .map((line) => line.slice(line.indexOf('=') + 1))
      .filter((value) => value.length >= 12);
    for (const value of [...Object.values(DEV_SECRETS), ...devEnv])
      expect([value, text.includes(value)]).toEqual([value, false]);
  });

  it('lists every Secret and its keys in docs/deployment-kubernetes.md', () => {
    const docs = readFileSync(path.join(ROOT, 'docs', 'deployment-kubernetes.md'), 'utf8');
    const refs = generated.flatMap((object) => {
      if (!(object instanceof Deployment || object instanceof Job)) return [];
      const pod = object.spec?.template.spec;
      return [
        ...(pod?.containers ?? []).flatMap((c) =>
          (c.env ?? []).flatMap((v) =>
            v.valueFrom?.secretKeyRef ? [v.valueFrom.secretKeyRef] : [],
          ),
        ),
        ...(pod?.volumes ?? []).flatMap((v) =>
          (v.secret?.items ?? []).map((item) => ({
            name: v.secret?.secretName ?? '',
            key: item.key,
          })),
        ),
      ];
    });
    const missing = refs
      .filter(({ name, key }) => !new RegExp(`\\| \`${name}\` +\\|[^\\n]*\`${key}\``).test(docs))
      .map(({ name, key }) => `${name}/${key}`);
    expect([...new Set(missing)]).toEqual([]);
  });
});
