import { randomUUID } from 'node:crypto';
import type { Channel, ChannelModel, ConsumeMessage, Message } from 'amqplib';
import {
  HEADERS,
  TOPOLOGY,
  type AuthContext,
  type RpcReply,
  type RpcRequest,
  type ServiceName,
} from '@custody/contracts';
import { AppError, Errors } from '@custody/errors';
import { currentContext, type Logger } from '@custody/logging';
import { type Broker, type BrokerComponent, guardChannel } from './broker';

export interface RpcCallOptions {
  auth?: AuthContext;
  idempotencyKey?: { key: string; requestHash: string };
  /** Reads are idempotent; commands are not (default). */
  idempotent?: boolean;
  timeoutMs?: number;
  requestId?: string;
}

interface Pending {
  service: ServiceName;
  resolve: (value: unknown) => void;
  reject: (error: AppError) => void;
  timer: NodeJS.Timeout;
}

export interface RpcClientOptions {
  broker: Broker;
  /** This app's name, sent as the caller of every request. */
  caller?: string;
  defaultTimeoutMs: number;
  logger: Logger;
}

/**
 * Calls services over RabbitMQ with direct reply-to: no reply queue to declare or clean up.
 * A call that gets no answer in time fails with 504; a service with no queue at all, with 503.
 */
export class RpcClient implements BrokerComponent {
  private channel: Channel | undefined;
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly options: RpcClientOptions) {}

  async start(): Promise<void> {
    await this.options.broker.register(this);
  }

  async attach(connection: ChannelModel): Promise<void> {
    const channel = await connection.createChannel();
    guardChannel(channel, this.options.logger, 'rpc client');
    await channel.consume(TOPOLOGY.replyTo, (msg) => msg && this.onReply(msg), { noAck: true });
    channel.on('return', (msg: Message) => this.onReturned(msg));
    channel.on('close', () => {
      if (this.channel !== channel) return;
      this.detach();
      this.options.broker.reattachLater(this);
    });
    this.channel = channel;
  }

  detach(): void {
    this.channel = undefined;
    for (const [id, call] of this.pending) {
      this.pending.delete(id);
      clearTimeout(call.timer);
      call.reject(
        Errors.unavailable('The message broker connection was lost.', 'broker_unavailable'),
      );
    }
  }

  async stop(): Promise<void> {
    const channel = this.channel;
    this.options.broker.unregister(this);
    this.detach();
    if (channel) await channel.close().catch(() => undefined);
  }

  call<R = unknown>(
    service: ServiceName,
    method: string,
    params: unknown,
    options: RpcCallOptions = {},
  ): Promise<R> {
    const channel = this.channel;
    if (!channel) {
      return Promise.reject(
        Errors.unavailable('The message broker is not reachable.', 'broker_unavailable'),
      );
    }
    const timeoutMs = options.timeoutMs ?? this.options.defaultTimeoutMs;
    const correlationId = randomUUID();
    const requestId = options.requestId ?? currentContext()?.requestId ?? correlationId;
    const request: RpcRequest = {
      method,
      params,
      idempotent: options.idempotent ?? false,
      ...(options.auth ? { auth: options.auth } : {}),
      ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
    };
    let content: Buffer;
    try {
      content = Buffer.from(JSON.stringify(request));
    } catch (error) {
      // Not the broker's fault: a payload that cannot be serialized is a bug, not an outage.
      return Promise.reject(Errors.internal(error));
    }
    return new Promise<R>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(correlationId);
        reject(Errors.timeout(`The ${service} service did not answer in time.`));
      }, timeoutMs);
      this.pending.set(correlationId, {
        service,
        resolve: resolve as (value: unknown) => void,
        reject,
        timer,
      });
      try {
        channel.publish('', this.options.broker.rpcQueue(service), content, {
          correlationId,
          replyTo: TOPOLOGY.replyTo,
          contentType: 'application/json',
          // Unanswered requests expire in the queue instead of running after the caller gave up.
          expiration: String(timeoutMs),
          mandatory: true,
          headers: {
            [HEADERS.requestId]: requestId,
            [HEADERS.deadline]: Date.now() + timeoutMs,
            ...(this.options.caller ? { [HEADERS.caller]: this.options.caller } : {}),
          },
        });
      } catch {
        // The channel is closing under us.
        clearTimeout(timer);
        this.pending.delete(correlationId);
        reject(Errors.unavailable('The message broker is not reachable.', 'broker_unavailable'));
      }
    });
  }

  private onReply(msg: ConsumeMessage): void {
    const call = this.pending.get(msg.properties.correlationId);
    if (!call) return; // late reply to a call that already timed out
    this.pending.delete(msg.properties.correlationId);
    clearTimeout(call.timer);
    let reply: RpcReply;
    try {
      reply = JSON.parse(msg.content.toString('utf8')) as RpcReply;
    } catch {
      call.reject(Errors.internal(new Error('Unparseable RPC reply')));
      return;
    }
    if (reply.ok) call.resolve(reply.result);
    else call.reject(AppError.fromWire(reply.error));
  }

  private onReturned(msg: Message): void {
    const call = this.pending.get(msg.properties.correlationId);
    if (!call) return;
    this.pending.delete(msg.properties.correlationId);
    clearTimeout(call.timer);
    call.reject(Errors.unavailable(`The ${call.service} service is not running.`));
  }
}
