import { spawnSync } from 'node:child_process';
import path from 'node:path';
import amqp from 'amqplib';
import { APPS, namespaced, SERVICES, TOPOLOGY, type AppName } from '@custody/contracts';
import { testServiceUrls, withLogin } from './services';

/**
 * Deletes every queue and exchange a test namespace may have declared (the names come from the
 * contracts, so this stays in step with the topology). Missing ones are ignored.
 */
export async function deleteMqNamespace(
  namespace: string,
  extraConsumers: string[] = [],
): Promise<void> {
  if (!namespace) throw new Error('Refusing to delete the production (empty) namespace');
  const connection = await amqp.connect(testServiceUrls().amqpUrl);
  try {
    const consumers = [...SERVICES, ...extraConsumers];
    const queues = [
      ...SERVICES.map((s) => TOPOLOGY.rpcQueue(s)),
      ...consumers.map((c) => TOPOLOGY.eventQueue(c)),
      ...consumers.map((c) => TOPOLOGY.deadLetterQueue(TOPOLOGY.eventQueue(c))),
    ];
    for (const queue of queues) {
      // Each delete on its own channel: a failure closes the channel it happened on.
      const channel = await connection.createChannel();
      channel.on('error', () => undefined);
      await channel.deleteQueue(namespaced(namespace, queue)).catch(() => undefined);
      await channel.close().catch(() => undefined);
    }
    for (const exchange of [
      TOPOLOGY.eventsExchange,
      TOPOLOGY.deadLetterExchange,
      TOPOLOGY.rpcExchange,
    ]) {
      const channel = await connection.createChannel();
      channel.on('error', () => undefined);
      await channel.deleteExchange(namespaced(namespace, exchange)).catch(() => undefined);
      await channel.close().catch(() => undefined);
    }
  } finally {
    await connection.close();
  }
}

const DEFINITIONS_SCRIPT = path.resolve(__dirname, '../../../docker/rabbitmq/definitions.mjs');

/**
 * Gives every app its own broker user (named as the app, development password), with the
 * permissions of docker/rabbitmq/grants.json over any test namespace, and the topic permissions
 * on `namespace`'s events exchange: a test stack runs with the production's broker identities.
 * Needs `rabbitmqctl` (or RABBITMQCTL) on this machine, as CI has.
 */
export function grantAppBrokerUsers(namespace: string): void {
  const result = spawnSync(
    process.execPath,
    [DEFINITIONS_SCRIPT, '--dev', '--any-namespace', '--namespace', namespace, '--apply'],
    { encoding: 'utf8' },
  );
  if (result.status !== 0)
    throw new Error(`Creating the apps' broker users failed: ${result.stderr || result.error}`);
}

/** The broker URL an app of a test stack logs in with: its own user (see grantAppBrokerUsers). */
export function appBrokerUrl(app: AppName): string {
  return withLogin(testServiceUrls().amqpUrl, app, `dev-mq-${app}`);
}

/** `MQ_CALLERS` for apps whose broker users are named as the apps. */
export const APP_BROKER_CALLERS = APPS.map((app) => `${app}=${app}`).join(',');
