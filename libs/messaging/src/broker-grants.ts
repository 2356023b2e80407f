import {
  APPS,
  EVENT_ROUTES,
  SERVICES,
  TOPOLOGY,
  type AppName,
  type ServiceName,
} from '@custody/contracts';

/**
 * What one app's broker user may do, as RabbitMQ permissions: regular expressions over resource
 * names (`configure`, `write`, `read`) and over the routing keys of the events exchange
 * (`topicWrite`: what it publishes, `topicRead`: what it binds its queue to). `{ns}` stands for
 * the namespace prefix of queue and exchange names: empty in production, `<namespace>.` in tests.
 */
export interface BrokerGrant {
  configure: string;
  write: string;
  read: string;
  topicWrite: string;
  topicRead: string;
}

/** Matches nothing (RabbitMQ's way to grant no resource). */
const NOTHING = '^$';

const escape = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const oneOf = (names: string[]) =>
  names.length === 0 ? NOTHING : `^(${names.map(escape).join('|')})$`;
function published(app: AppName): string[] {
  return Object.entries(EVENT_ROUTES)
    .filter(([, route]) => (route.publishers as readonly string[]).includes(app))
    .map(([name]) => name);
}

function consumed(app: AppName): string[] {
  return Object.entries(EVENT_ROUTES)
    .filter(([, route]) => (route.consumers as readonly string[]).includes(app))
    .map(([name]) => name);
}

/**
 * The grant of each app: its own RPC queue (declare, consume), the default exchange (RPC calls
 * and replies: the server knows the caller from the message's checked user-id, DESIGN §1), the
 * direct reply-to, the events exchange (declare, publish its own event names, bind its own event
 * queue to the names it consumes) and its own event queue and dead-letter queue. Nothing of
 * another app: it cannot consume `rpc.identity` beside identity, nor publish `income.*` unless it
 * is wallet-ledger.
 */
export function brokerGrants(): Record<AppName, BrokerGrant> {
  const grants = {} as Record<AppName, BrokerGrant>;
  for (const app of APPS) {
    const service = (SERVICES as readonly string[]).includes(app) ? (app as ServiceName) : null;
    const consumes = consumed(app).length > 0;
    const ownQueues = [
      ...(service ? [TOPOLOGY.rpcQueue(service)] : []),
      ...(consumes
        ? [TOPOLOGY.eventQueue(app), TOPOLOGY.deadLetterQueue(TOPOLOGY.eventQueue(app))]
        : []),
    ];
    const exchanges = [TOPOLOGY.eventsExchange, ...(consumes ? [TOPOLOGY.deadLetterExchange] : [])];
    const inNamespace = (names: string[]) => `{ns}(${names.map(escape).join('|')})`;
    grants[app] = {
      configure: `^${inNamespace([...ownQueues, ...exchanges])}$`,
      write: `^(amq\\.default|${inNamespace([...exchanges, ...ownQueues])})$`,
      read: `^(${escape(TOPOLOGY.replyTo)}|${inNamespace([...exchanges, ...ownQueues])})$`,
      topicWrite: oneOf(published(app)),
      topicRead: oneOf(consumed(app)),
    };
  }
  return grants;
}
