// After a restore of the database, before any app starts (docs/operations/restore-runbook.md):
// empties every queue of the deployment on the broker and removes its BullMQ keys from Redis.
// What they hold was sent or scheduled by the timeline the restore threw away: a decision event
// applied to the restored state, or a job of a withdrawal the restored books never signed, could
// move money twice. Whatever the restored books still need is sent again from them (the outbox
// events marked unsent by restore-prepare, the jobs the apps schedule at start). Identity's token
// state (`auth:*`, a copy of its tables: token versions, revoked tokens) goes too, so identity
// seeds it again from the restored database instead of the gateway checking tokens against
// versions the restored clients never reached.
//
//   AMQP_URL=… REDIS_URL=… npm run restore:purge -- [--namespace <ns>] [--redis-prefix <p>] [--force]
//
// Defaults: AMQP_URL, MQ_NAMESPACE, REDIS_URL, REDIS_KEY_PREFIX (custody); `--amqp <url>` and
// `--redis <url>` override the URLs, but a password belongs in the environment, not on the
// command line (every user of the host reads it in `ps`, and the shell's history keeps it): the
// runbook asks for it with `read -s`. Refuses while any queue has a consumer (an app still runs)
// unless --force. Prints one JSON line.
import amqp from 'amqplib';
import { Redis } from 'ioredis';
import { namespaced, SERVICES, TOPOLOGY } from '@custody/contracts';

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

/** Every durable queue of the deployment: each service's RPC queue, event queue and dead letters. */
function deploymentQueues(namespace: string): string[] {
  return SERVICES.flatMap((service) => {
    const events = TOPOLOGY.eventQueue(service);
    return [TOPOLOGY.rpcQueue(service), events, TOPOLOGY.deadLetterQueue(events)];
  }).map((queue) => namespaced(namespace, queue));
}

async function purgeQueues(url: string, namespace: string, force: boolean) {
  const connection = await amqp.connect(url);
  const purged: Record<string, number> = {};
  try {
    const queues = deploymentQueues(namespace);
    const present: string[] = [];
    for (const queue of queues) {
      // A passive declare per channel: a missing queue closes the channel it is asked on.
      const channel = await connection.createChannel();
      channel.on('error', () => undefined);
      const found = await channel.checkQueue(queue).catch(() => undefined);
      await channel.close().catch(() => undefined);
      if (!found) continue;
      if (found.consumerCount > 0 && !force)
        throw new Error(
          `${queue} has ${found.consumerCount} consumer(s): stop every app before the purge (or --force)`,
        );
      present.push(queue);
    }
    const channel = await connection.createChannel();
    for (const queue of present) purged[queue] = (await channel.purgeQueue(queue)).messageCount;
    await channel.close();
  } finally {
    await connection.close();
  }
  return purged;
}

/** Removes the keys `<prefix>:<pattern>`, a batch at a time; answers how many. */
async function purgeKeys(redis: Redis, prefix: string, pattern: string): Promise<number> {
  let removed = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:${pattern}`, 'COUNT', 1000);
    cursor = next;
    if (keys.length > 0) removed += await redis.unlink(...keys);
  } while (cursor !== '0');
  return removed;
}

/** A URL given on the command line with a password in it: said on stderr, still used. */
function warnIfPassword(name: string, url: string | undefined): void {
  if (!url) return;
  let password = '';
  try {
    password = new URL(url).password;
  } catch {
    return;
  }
  if (password)
    process.stderr.write(
      `restore:purge: --${name} carries a password on the command line (readable in ps, kept in ` +
        `the shell history): give it in ${name === 'amqp' ? 'AMQP_URL' : 'REDIS_URL'} instead\n`,
    );
}

async function main(): Promise<void> {
  warnIfPassword('amqp', option('amqp'));
  warnIfPassword('redis', option('redis'));
  const amqpUrl = option('amqp') ?? process.env['AMQP_URL'] ?? 'amqp://guest:guest@localhost:5672';
  const namespace = option('namespace') ?? process.env['MQ_NAMESPACE'] ?? '';
  const redisUrl = option('redis') ?? process.env['REDIS_URL'] ?? 'redis://localhost:6379';
  const prefix = option('redis-prefix') ?? process.env['REDIS_KEY_PREFIX'] ?? 'custody';
  const queues = await purgeQueues(amqpUrl, namespace, process.argv.includes('--force'));
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  await redis.connect();
  try {
    // Every BullMQ queue's jobs and schedulers; identity's token state.
    const jobKeys = await purgeKeys(redis, prefix, 'bull:*');
    const authKeys = await purgeKeys(redis, prefix, 'auth:*');
    process.stdout.write(
      `${JSON.stringify({ namespace, queues, redisPrefix: prefix, jobKeys, authKeys })}\n`,
    );
  } finally {
    redis.disconnect();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`restore:purge: ${(error as Error).message ?? String(error)}\n`);
  process.exit(1);
});
