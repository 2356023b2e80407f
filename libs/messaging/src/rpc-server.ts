import type { Channel, ChannelModel, ConsumeMessage } from 'amqplib';
import {
  HEADERS,
  type AuthContext,
  type RpcReply,
  type RpcRequest,
  type ServiceName,
} from '@custody/contracts';
import { AppError, Errors, toAppError } from '@custody/errors';
import { runWithContext, type Logger } from '@custody/logging';
import { type Broker, type BrokerComponent, guardChannel } from './broker';
import { InFlight } from './in-flight';

export interface RpcCallContext {
  requestId: string;
  /** The calling app, as its RPC client named itself (see HEADERS.caller). */
  caller: string | undefined;
  auth: AuthContext | undefined;
  logger: Logger;
  /** Epoch ms after which the caller no longer waits. */
  deadline: number;
  /** Present when the client sent an Idempotency-Key with this command. */
  idempotency?: { clientId: string; key: string; requestHash: string };
}

/** A handler that runs `runIdempotent` itself, inside its own transaction (exactly-once). */
export type IdempotentRpcHandler = RpcHandler & { ownsIdempotency: true };

export function ownsIdempotency(handler: RpcHandler): IdempotentRpcHandler {
  return Object.assign(handler, { ownsIdempotency: true as const });
}

export type RpcHandler = (params: unknown, ctx: RpcCallContext) => Promise<unknown>;

export interface RpcServerOptions {
  broker: Broker;
  service: ServiceName;
  handlers: Record<string, RpcHandler>;
  prefetch: number;
  logger: Logger;
  /** Observes each handled call (metrics). */
  onCall?: (method: string, outcome: 'ok' | 'error', durationMs: number) => void;
}

/**
 * Serves `rpc.<service>`: competing consumers, so N replicas share the queue. Replies go to the
 * caller's direct reply-to. A message is acked only after its reply is sent, and prefetch bounds
 * the calls in progress.
 */
export class RpcServer implements BrokerComponent {
  /** One child logger per method (handlers exist only for known methods): built once. */
  private readonly loggers = new Map<string, Logger>();

  private loggerFor(method: string): Logger {
    let logger = this.loggers.get(method);
    if (!logger) {
      logger = this.options.logger.child({ rpc: method });
      this.loggers.set(method, logger);
    }
    return logger;
  }

  private channel: Channel | undefined;
  private consumerTag: string | undefined;
  private stopping = false;
  private readonly inFlight = new InFlight();

  constructor(private readonly options: RpcServerOptions) {}

  async start(): Promise<void> {
    await this.options.broker.register(this);
  }

  async attach(connection: ChannelModel): Promise<void> {
    if (this.stopping) return;
    const channel = await connection.createChannel();
    guardChannel(channel, this.options.logger, 'rpc server');
    const queue = this.options.broker.rpcQueue(this.options.service);
    await channel.assertQueue(queue, this.options.broker.queueOptions());
    await channel.prefetch(this.options.prefetch);
    channel.on('close', () => this.onChannelLost(channel));
    // Set before consuming: deliveries can arrive before consume() resolves.
    this.channel = channel;
    const { consumerTag } = await channel.consume(queue, (msg) => {
      // null = the broker cancelled the consumer (queue deleted): start over.
      if (msg) void this.inFlight.track(this.handle(channel, msg));
      else void channel.close().catch(() => undefined);
    });
    this.consumerTag = consumerTag;
  }

  private onChannelLost(channel: Channel): void {
    if (this.channel !== channel) return;
    this.detach();
    if (!this.stopping) this.options.broker.reattachLater(this);
  }

  detach(): void {
    this.channel = undefined;
    this.consumerTag = undefined;
  }

  /** Stops taking calls, lets the ones in progress reply, then closes the channel. */
  async stop(timeoutMs: number): Promise<void> {
    this.stopping = true;
    const channel = this.channel;
    if (channel && this.consumerTag) await channel.cancel(this.consumerTag).catch(() => undefined);
    await this.inFlight.drain(timeoutMs);
    this.options.broker.unregister(this);
    this.detach();
    if (channel) await channel.close().catch(() => undefined);
  }

  get callsInProgress(): number {
    return this.inFlight.size;
  }

  private async handle(channel: Channel, msg: ConsumeMessage): Promise<void> {
    const started = Date.now();
    const headers = msg.properties.headers ?? {};
    const requestId = String(headers[HEADERS.requestId] ?? msg.properties.correlationId ?? '');
    const deadline = Number(headers[HEADERS.deadline] ?? started + 60_000);
    let request: RpcRequest | undefined;
    let reply: RpcReply;
    let outcome: 'ok' | 'error' = 'ok';
    try {
      if (deadline < started) {
        // The caller has given up; doing the work now would only add load.
        this.settle(channel, () => channel.ack(msg));
        return;
      }
      const parsed = parseRequest(msg.content);
      request = parsed;
      if (msg.fields.redelivered && !parsed.idempotent) {
        // A previous instance may have done it before dying: never run a command twice.
        throw Errors.unavailable(
          'The service restarted while handling this request; retry it with the same Idempotency-Key.',
          'retry_required',
        );
      }
      const handler = this.options.handlers[parsed.method];
      if (!handler)
        throw new AppError(501, 'unknown_method', `Unknown RPC method ${parsed.method}`);
      const context = { requestId, ...tenantOf(parsed.auth) };
      const logger = this.loggerFor(parsed.method);
      const result = await runWithContext(context, () =>
        handler(parsed.params, {
          requestId,
          caller: typeof headers[HEADERS.caller] === 'string' ? headers[HEADERS.caller] : undefined,
          auth: parsed.auth,
          logger,
          deadline,
          ...(parsed.idempotencyKey && parsed.auth
            ? { idempotency: { clientId: parsed.auth.clientId, ...parsed.idempotencyKey } }
            : {}),
        }),
      );
      reply = { ok: true, result: result ?? null };
    } catch (error) {
      outcome = 'error';
      const appError = toAppError(error);
      if (appError.status >= 500) {
        this.options.logger.error(
          { err: error, rpc: request?.method, requestId },
          'RPC handler failed',
        );
      }
      reply = { ok: false, error: appError.toWire() };
    } finally {
      const durationMs = Date.now() - started;
      this.options.onCall?.(request?.method ?? 'invalid', outcome, durationMs);
      runWithContext({ requestId }, () =>
        this.options.logger.debug({ rpc: request?.method, outcome, durationMs }, 'rpc handled'),
      );
    }
    let body: Buffer;
    try {
      body = Buffer.from(JSON.stringify(reply));
    } catch (error) {
      this.options.logger.error(
        { err: error, rpc: request?.method },
        'RPC result is not serialisable',
      );
      body = Buffer.from(
        JSON.stringify({ ok: false, error: Errors.internal().toWire() } satisfies RpcReply),
      );
    }
    this.settle(channel, () => {
      if (msg.properties.replyTo) {
        channel.sendToQueue(msg.properties.replyTo, body, {
          correlationId: msg.properties.correlationId,
          contentType: 'application/json',
        });
      }
      channel.ack(msg);
    });
  }

  /** Replies/acks only on the channel the message came from; a replaced channel means redelivery. */
  private settle(channel: Channel, action: () => void): void {
    if (channel !== this.channel && !this.stopping) return;
    try {
      action();
    } catch (error) {
      this.options.logger.warn({ err: error }, 'RPC reply not sent: channel closed');
    }
  }
}

function parseRequest(content: Buffer): RpcRequest {
  let value: unknown;
  try {
    value = JSON.parse(content.toString('utf8'));
  } catch {
    throw Errors.badRequest('RPC request is not JSON', 'invalid_rpc_request');
  }
  const request = value as Partial<RpcRequest>;
  if (!request || typeof request.method !== 'string') {
    throw Errors.badRequest('RPC request has no method', 'invalid_rpc_request');
  }
  return {
    method: request.method,
    params: request.params,
    auth: request.auth,
    idempotent: request.idempotent === true,
    ...(request.idempotencyKey ? { idempotencyKey: request.idempotencyKey } : {}),
  };
}

function tenantOf(auth: AuthContext | undefined): { tenantId?: string; clientId?: string } {
  return auth ? { tenantId: auth.tenantId, clientId: auth.clientId } : {};
}
