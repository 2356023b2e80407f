import {
  APPS,
  EVENT_ROUTES,
  SERVICES,
  servicesCalledBy,
  TOPOLOGY,
  type AppName,
  type ServiceName,
} from '@custody/contracts';

/**
 * What one app's broker user may do, as RabbitMQ permissions: regular expressions over resource
 * names (`configure`, `write`, `read`), over the routing keys of the events exchange
 * (`topicWrite`: what it publishes, `topicRead`: what it binds its queue to) and over those of
 * the RPC exchange (`rpcTopicWrite`: the services it calls, `rpcTopicRead`: its own). `{ns}`
 * stands for the namespace prefix of queue and exchange names: empty in production,
 * `<namespace>.` in tests.
 */
export interface BrokerGrant {
  configure: string;
  write: string;
  read: string;
  topicWrite: string;
  topicRead: string;
  rpcTopicWrite: string;
  rpcTopicRead: string;
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
 * The grant of each app (docs/decisions/deployment.md):
 * - its own queues: its RPC queue and its event queue with their dead letters (declare, bind,
 *   consume); nothing of another app's: it cannot consume `rpc.identity` beside identity;
 * - the shared exchanges (events, their dead letters, RPC requests), which the broker's
 *   definitions declare: no app may configure (delete, re-declare) them; it publishes only its
 *   own event names and the names of the services its contract lets it call, and binds only
 *   the event names it consumes and its own service name;
 * - the direct reply-to, to read its replies; a service also writes to the default exchange,
 *   which direct reply-to answers through. RabbitMQ cannot restrict that exchange's routing
 *   keys, so a service's user can reach any queue by name: every request there still needs its
 *   sender's proof and a caller its method names. The gateway serves no RPC and has no such
 *   write.
 */
export function brokerGrants(): Record<AppName, BrokerGrant> {
  const grants = {} as Record<AppName, BrokerGrant>;
  for (const app of APPS) {
    const service = (SERVICES as readonly string[]).includes(app) ? (app as ServiceName) : null;
    const consumes = consumed(app).length > 0;
    const calls = servicesCalledBy(app);
    const ownQueues = [
      ...(service ? [TOPOLOGY.rpcQueue(service)] : []),
      ...(consumes
        ? [TOPOLOGY.eventQueue(app), TOPOLOGY.deadLetterQueue(TOPOLOGY.eventQueue(app))]
        : []),
    ];
    const written = [
      TOPOLOGY.eventsExchange,
      ...(calls.length > 0 ? [TOPOLOGY.rpcExchange] : []),
      ...(consumes ? [TOPOLOGY.deadLetterExchange] : []),
    ];
    const read = [
      ...(consumes ? [TOPOLOGY.eventsExchange, TOPOLOGY.deadLetterExchange] : []),
      ...(service ? [TOPOLOGY.rpcExchange] : []),
    ];
    const inNamespace = (names: string[]) => `{ns}(${names.map(escape).join('|')})`;
    grants[app] = {
      configure: ownQueues.length > 0 ? `^${inNamespace(ownQueues)}$` : NOTHING,
      write: `^(${service ? 'amq\\.default|' : ''}${inNamespace([...written, ...ownQueues])})$`,
      read: `^(${escape(TOPOLOGY.replyTo)}${read.length + ownQueues.length > 0 ? `|${inNamespace([...read, ...ownQueues])}` : ''})$`,
      topicWrite: oneOf(published(app)),
      topicRead: oneOf(consumed(app)),
      rpcTopicWrite: oneOf(calls),
      rpcTopicRead: service ? oneOf([service]) : NOTHING,
    };
  }
  return grants;
}
