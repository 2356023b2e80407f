import { EventEmitter } from 'node:events';
import amqp, { type Channel, type ChannelModel, type Options } from 'amqplib';
import { namespaced, TOPOLOGY, type ServiceName } from '@custody/contracts';
import type { Logger } from '@custody/logging';

/** Something that needs channels: it (re)opens them on every (re)connect. */
export interface BrokerComponent {
  attach(connection: ChannelModel): Promise<void>;
  /** The connection is gone: drop channels, fail what waits on them. */
  detach(): void;
}

export interface BrokerOptions {
  url: string;
  /** Prefix of every queue and exchange (tests); empty in production. */
  namespace?: string;
  quorumQueues?: boolean;
  logger: Logger;
  /** Shown in RabbitMQ's connection list. */
  connectionName?: string;
}

/**
 * One AMQP connection per process, re-established with backoff whenever it drops. Components
 * (RPC server/client, relay, consumers) register once and are re-attached after each reconnect.
 */
export class Broker extends EventEmitter {
  private connection: ChannelModel | undefined;
  private readonly components = new Set<BrokerComponent>();
  private closing = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private connecting: Promise<void> | undefined;
  private attaching = false;
  private readonly reattachTimers = new Map<BrokerComponent, NodeJS.Timeout>();

  /** The user this process logs in to RabbitMQ as (AMQP's default, `guest`, when the URL has none). */
  readonly username: string;

  constructor(private readonly options: BrokerOptions) {
    super();
    let username = '';
    try {
      username = decodeURIComponent(new URL(options.url).username);
    } catch {
      // Not a URL amqplib would take either: connect() reports it.
    }
    this.username = username || 'guest';
  }

  get isConnected(): boolean {
    return this.connection !== undefined;
  }

  get logger(): Logger {
    return this.options.logger;
  }

  /** Connects, retrying until it succeeds or `close()` is called. */
  connect(): Promise<void> {
    this.connecting ??= this.connectWithRetry().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async connectWithRetry(): Promise<void> {
    let delay = 100;
    while (!this.closing) {
      try {
        await this.open();
        return;
      } catch (error) {
        this.logger.warn({ err: error, retryInMs: delay }, 'RabbitMQ connection failed');
        await new Promise((resolve) => setTimeout(resolve, delay).unref());
        delay = Math.min(delay * 2, 5_000);
      }
    }
  }

  private async open(): Promise<void> {
    const connection = await amqp.connect(this.options.url, {
      clientProperties: { connection_name: this.options.connectionName ?? 'custody' },
      // amqplib leaves Nagle's algorithm on: each small RPC frame then waits for the peer's
      // delayed ACK (~40 ms). Measured: read-path p50 at low load 64 ms → see docs/performance.md.
      noDelay: true,
    });
    if (this.closing) {
      await connection.close().catch(() => undefined);
      return;
    }
    if (!coalesceWrites(connection))
      this.logger.warn('amqplib internals changed: AMQP frames are written one by one');
    connection.on('error', (error) =>
      this.logger.warn({ err: error }, 'RabbitMQ connection error'),
    );
    connection.on('close', () => {
      if (this.connection !== connection) return;
      this.connection = undefined;
      // The reconnect attaches every component: a pending re-attach would open a second channel.
      for (const timer of this.reattachTimers.values()) clearTimeout(timer);
      this.reattachTimers.clear();
      for (const component of this.components) component.detach();
      this.emit('disconnected');
      if (!this.closing) {
        this.logger.warn('RabbitMQ connection lost; reconnecting');
        this.reconnectTimer = setTimeout(() => void this.connect(), 100);
      }
    });
    this.connection = connection;
    this.attaching = true;
    try {
      await this.declareSharedExchanges(connection);
      // A Set iterates over members added during the loop too, so a component that registers
      // meanwhile is attached exactly once, here.
      for (const component of this.components) await component.attach(connection);
    } catch (error) {
      // Half-attached: start over on a fresh connection rather than keep orphan channels.
      this.connection = undefined;
      for (const component of this.components) component.detach();
      await connection.close().catch(() => undefined);
      throw error;
    } finally {
      this.attaching = false;
    }
    this.logger.info('RabbitMQ connected');
    this.emit('connected');
  }

  /**
   * The exchanges every app uses and none owns (the events, their dead letters, the RPC
   * requests). Where the broker's definitions made them (docker/rabbitmq), a passive check, which
   * takes no permission; where they are missing (one user for the whole stack, as in development
   * and the library tests), declared, which takes a configure permission that no app's own broker
   * user has.
   */
  private async declareSharedExchanges(connection: ChannelModel): Promise<void> {
    const shared: [string, 'topic' | 'direct'][] = [
      [this.eventsExchange, 'topic'],
      [this.deadLetterExchange, 'direct'],
      [this.rpcExchange, 'topic'],
    ];
    for (const [name, type] of shared) {
      if (await onOwnChannel(connection, (channel) => channel.checkExchange(name))) continue;
      const declared = await onOwnChannel(connection, (channel) =>
        channel.assertExchange(name, type, { durable: true }),
      );
      if (!declared)
        throw new Error(
          `The exchange ${name} is missing and ${this.username} may not declare it: apply the broker definitions (docker/rabbitmq)`,
        );
    }
  }

  async register(component: BrokerComponent): Promise<void> {
    this.components.add(component);
    if (this.connection && !this.attaching) await component.attach(this.connection);
  }

  unregister(component: BrokerComponent): void {
    this.components.delete(component);
    clearTimeout(this.reattachTimers.get(component));
    this.reattachTimers.delete(component);
  }

  /**
   * A component's channel closed while the connection stayed up (channel error, consumer
   * cancelled by the broker, consumer timeout): open it again shortly, with backoff.
   */
  reattachLater(component: BrokerComponent, attempt = 0): void {
    // Without a connection there is nothing to re-attach to: the reconnect attaches it.
    if (
      !this.connection ||
      this.closing ||
      !this.components.has(component) ||
      this.reattachTimers.has(component)
    )
      return;
    const delay = Math.min(100 * 2 ** attempt, 5_000);
    const timer = setTimeout(() => {
      this.reattachTimers.delete(component);
      const connection = this.connection;
      if (!connection || !this.components.has(component)) return; // a reconnect re-attaches it
      component.attach(connection).catch((error: unknown) => {
        this.logger.warn({ err: error }, 'Re-opening a channel failed; retrying');
        this.reattachLater(component, attempt + 1);
      });
    }, delay);
    timer.unref();
    this.reattachTimers.set(component, timer);
  }

  /**
   * The messages waiting in a queue (a passive check on a channel of its own, which takes no
   * permission): undefined while disconnected or when the queue does not exist. For metrics.
   */
  async messageCount(queue: string): Promise<number | undefined> {
    const connection = this.connection;
    if (!connection) return undefined;
    let count: number | undefined;
    await onOwnChannel(connection, async (channel) => {
      count = (await channel.checkQueue(queue)).messageCount;
    });
    return count;
  }

  /** Waits until connected (or rejects after `timeoutMs`). */
  async waitUntilConnected(timeoutMs: number): Promise<void> {
    if (this.connection) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.off('connected', onConnected);
        reject(new Error('RabbitMQ not connected in time'));
      }, timeoutMs);
      const onConnected = () => {
        clearTimeout(timer);
        resolve();
      };
      this.once('connected', onConnected);
    });
  }

  /** Closes the connection for good (graceful shutdown; tests that simulate an outage use `dropConnection`). */
  async close(): Promise<void> {
    this.closing = true;
    clearTimeout(this.reconnectTimer);
    for (const timer of this.reattachTimers.values()) clearTimeout(timer);
    this.reattachTimers.clear();
    const connection = this.connection;
    this.connection = undefined;
    for (const component of this.components) component.detach();
    if (connection) await connection.close().catch(() => undefined);
  }

  /** Drops the live connection as a network failure would; the broker reconnects by itself. */
  async dropConnection(): Promise<void> {
    const connection = this.connection;
    if (!connection) return;
    // Closing the socket (not the AMQP connection) is what a broker restart looks like.
    const socket = (connection.connection as unknown as { stream: { destroy(e: Error): void } })
      .stream;
    socket.destroy(new Error('simulated network failure'));
    await new Promise((resolve) => this.once('disconnected', resolve));
  }

  // ---- names and queue declarations shared by every component ----

  name(base: string): string {
    return namespaced(this.options.namespace ?? '', base);
  }

  rpcQueue(service: ServiceName): string {
    return this.name(TOPOLOGY.rpcQueue(service));
  }

  get eventsExchange(): string {
    return this.name(TOPOLOGY.eventsExchange);
  }

  get deadLetterExchange(): string {
    return this.name(TOPOLOGY.deadLetterExchange);
  }

  get rpcExchange(): string {
    return this.name(TOPOLOGY.rpcExchange);
  }

  /**
   * Declares one of this app's durable queues as the others do (`queueOptions`). A queue that
   * exists with another type is named as such: RabbitMQ refuses to redeclare a classic queue as
   * a quorum one (PRECONDITION_FAILED), and a broker switching to quorum queues is migrated
   * first (docs/operations/quorum-queues.md).
   */
  async assertQueue(
    channel: Channel,
    queue: string,
    extra: Options.AssertQueue = {},
  ): Promise<void> {
    try {
      await channel.assertQueue(queue, this.queueOptions(extra));
    } catch (error) {
      if (!/inequivalent arg 'x-queue-type'/.test(String((error as Error)?.message))) throw error;
      const wanted = this.options.quorumQueues ? 'quorum' : 'classic';
      throw new Error(
        `The queue ${queue} exists, but not as a ${wanted} queue: migrate the broker's queues (docs/operations/quorum-queues.md), or set MQ_QUORUM_QUEUES to match it until then`,
        { cause: error },
      );
    }
  }

  queueOptions(extra: Options.AssertQueue = {}): Options.AssertQueue {
    return {
      durable: true,
      ...extra,
      arguments: {
        ...{},
        ...(this.options.quorumQueues ? { 'x-queue-type': 'quorum' } : {}),
        ...(extra.arguments ?? {}),
      },
    };
  }
}

/** Runs one operation on a channel of its own (a refusal closes the channel it happened on). */
async function onOwnChannel(
  connection: ChannelModel,
  operation: (channel: Channel) => Promise<unknown>,
): Promise<boolean> {
  const channel = await connection.createChannel();
  channel.on('error', () => undefined);
  try {
    await operation(channel);
    await channel.close().catch(() => undefined);
    return true;
  } catch {
    return false;
  }
}

/** Logs channel errors instead of crashing on an unhandled 'error' event. */
export function guardChannel(channel: Channel, logger: Logger, what: string): void {
  channel.on('error', (error) => logger.warn({ err: error }, `${what}: channel error`));
}

/** The part of amqplib's connection internals `coalesceWrites` touches. */
interface AmqplibMux {
  out?: { cork?: () => void; uncork?: () => void };
  _readIncoming?: () => void;
}

/**
 * amqplib's multiplexer writes each frame to the socket by itself: on a busy connection every
 * publish and every ack was a system call, the largest share of an RPC server's CPU on our
 * machines (docs/performance.md). Corking the socket while the multiplexer drains its channels
 * (once per event-loop turn) sends all frames of that turn in one write. Frames and their order
 * are unchanged; if amqplib's internals ever differ, this does nothing.
 */
export function coalesceWrites(connection: ChannelModel): boolean {
  const mux = (connection as unknown as { connection?: { muxer?: AmqplibMux } }).connection?.muxer;
  const out = mux?.out;
  const drain = mux?._readIncoming;
  if (!mux || !drain || !out?.cork || !out.uncork) return false;
  const cork = out.cork.bind(out);
  const uncork = out.uncork.bind(out);
  mux._readIncoming = function readIncomingCorked(this: AmqplibMux) {
    cork();
    try {
      drain.call(this);
    } finally {
      uncork();
    }
  };
  return true;
}
