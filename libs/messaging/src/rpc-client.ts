import { randomUUID } from 'node:crypto';
import type { Channel, ChannelModel, ConsumeMessage, Message } from 'amqplib';
import {
  HEADERS,
  TOPOLOGY,
  type AuthContext,
  type RpcBatchCall,
  type RpcBatchReply,
  type RpcReply,
  type RpcMethod,
  type RpcParams,
  type RpcRequest,
  type RpcResult,
  type ServiceName,
} from '@custody/contracts';
import { AppError, Errors } from '@custody/errors';
import { currentContext, type Logger } from '@custody/logging';
import { startSpan, type TraceCarrier, type TracedSpan, tracingEnabled } from '@custody/telemetry';
import { type Broker, type BrokerComponent, guardChannel } from './broker';
import { publishMessage } from './publish';
import { originOf } from './rpc-origin';
import { AUTH_AUTHORITY, type RpcProofSigner } from './rpc-proof';

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
  /** The message it went in, once sent (see `holdMs`). */
  message?: SentMessage;
  /** Its CLIENT span, while tracing is on (docs/tracing.md). Always set: no spread while off. */
  span: TracedSpan | undefined;
}

/** A message sent and not answered in full: its service's calls wait for it (see `holdMs`). */
interface SentMessage {
  service: ServiceName;
  unanswered: number;
}

/** A call waiting for the end of the event-loop turn to be sent (see `flush`). */
interface Outgoing {
  correlationId: string;
  requestId: string;
  deadline: number;
  /** The serialized RpcRequest. */
  request: string;
  /** The context of the call's span, sent with it (HEADERS.traceparent); none while off. */
  trace: TraceCarrier | undefined;
}

export interface RpcClientOptions {
  broker: Broker;
  /** This app's name, sent as the caller of every request. */
  caller?: string;
  defaultTimeoutMs: number;
  /**
   * Calls to one service sent in one message at most (16 by default): a batch goes to one
   * replica, so a bound keeps a burst spread over competing replicas. 1 sends each alone (what
   * a server from before pipelining reads: a rolling upgrade starts with 1).
   */
  maxCallsPerMessage?: number;
  /**
   * How long a call may wait for the calls sent before it to be answered (5 ms by default; 0
   * sends every turn's calls at the end of the turn). While a message of this client to a
   * service is not answered in full, new calls to that service are held, and go together in
   * one message once every call sent is answered, or after `holdMs`: the replies pace the
   * requests, as acks pace segments in TCP's Nagle algorithm. A client with nothing
   * unanswered to a service sends to it at once, so calls that do not overlap wait for nothing;
   * under load it puts more calls in each message, and the broker and the server wake up less often per call
   * (docs/performance.md, "RPC hold"). Behind a slow call the others wait the whole `holdMs`.
   * Off when `maxCallsPerMessage` is 1.
   */
  holdMs?: number;
  /**
   * Proves every request with this app's key (`RpcProof`); services refuse requests without.
   * Its app is the `caller` the requests name (a broker user several apps share names it).
   */
  signer?: RpcProofSigner;
  /**
   * Publishes straight into the service's queue through the default exchange instead of the
   * `rpc` exchange: what any service's broker login can do (the tests play such a rogue; see
   * docs/decisions/deployment.md).
   */
  straightToQueue?: boolean;
  logger: Logger;
}

/**
 * Calls services over RabbitMQ with direct reply-to: no reply queue to declare or clean up.
 * A call that gets no answer in time fails with 504; a service with no queue at all, with 503.
 * The calls made to one service in one event-loop turn travel in one message (pipelined RPC:
 * one publish, routing and delivery for many; docs/performance.md), and the server answers the
 * calls it finishes in one turn in one message too. While calls to a service are unanswered, new
 * ones wait for their answers, up to `holdMs`, and then go together (`RpcClientOptions.holdMs`).
 */
export class RpcClient implements BrokerComponent {
  private channel: Channel | undefined;
  private readonly pending = new Map<string, Pending>();
  /** Calls not sent yet, by service: this turn's, and those held for a reply (see `holdMs`). */
  private readonly outgoing = new Map<ServiceName, Outgoing[]>();
  /** Messages sent and not answered in full, by service. */
  private readonly unanswered = new Map<ServiceName, number>();
  private flushScheduled = false;
  private holdTimer: NodeJS.Timeout | undefined;

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
    // Calls not sent yet are in `pending` too, and fail with the rest below.
    this.outgoing.clear();
    this.unanswered.clear();
    clearTimeout(this.holdTimer);
    this.holdTimer = undefined;
    for (const [id, call] of this.pending) {
      this.pending.delete(id);
      clearTimeout(call.timer);
      const error = Errors.unavailable(
        'The message broker connection was lost.',
        'broker_unavailable',
      );
      endSpan(call.span, error);
      call.reject(error);
    }
  }

  async stop(): Promise<void> {
    const channel = this.channel;
    this.options.broker.unregister(this);
    this.detach();
    if (channel) await channel.close().catch(() => undefined);
  }

  /**
   * Calls a method of a service's contract (`RpcContracts`): the params and the result are the
   * contract's, checked by the compiler on both sides of the seam.
   */
  call<S extends ServiceName, M extends RpcMethod<S>>(
    service: S,
    method: M,
    params: RpcParams<S, M>,
    options: RpcCallOptions = {},
  ): Promise<RpcResult<S, M>> {
    // The wire carries JSON; the service's handler table is typed by the same contract.
    return this.callAny(service, method, params, options) as Promise<RpcResult<S, M>>;
  }

  /**
   * Sends any method with any params: the transport under `call`, for the messaging tests, the
   * benchmarks and the tests that play a rogue caller. Applications use `call`.
   */
  callAny(
    service: ServiceName,
    method: string,
    params: unknown,
    options: RpcCallOptions = {},
  ): Promise<unknown> {
    const channel = this.channel;
    if (!channel) {
      return Promise.reject(
        Errors.unavailable('The message broker is not reachable.', 'broker_unavailable'),
      );
    }
    const timeoutMs = options.timeoutMs ?? this.options.defaultTimeoutMs;
    const correlationId = randomUUID();
    const signer = this.options.signer;
    // A call with the auth context of the request being handled goes in that request's name,
    // with the gateway's attestations of its forwards; the gateway attests them for its own.
    const origin = options.auth ? originOf(options.auth) : undefined;
    const requestId =
      origin?.requestId ?? options.requestId ?? currentContext()?.requestId ?? correlationId;
    const deadline = Date.now() + timeoutMs;
    const forwards =
      origin?.forwards ??
      (options.auth && signer?.app === AUTH_AUTHORITY
        ? signer.grantForwards({
            service,
            method,
            requestId,
            expiresAt: deadline,
            auth: options.auth,
          })
        : undefined);
    const request: RpcRequest = {
      method,
      params,
      idempotent: options.idempotent ?? false,
      ...(options.auth ? { auth: options.auth } : {}),
      ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
      ...(signer
        ? {
            proof: signer.sign({
              to: service,
              method,
              params,
              idempotent: options.idempotent ?? false,
              idempotencyKey: options.idempotencyKey,
              requestId,
              expiresAt: deadline,
              auth: options.auth,
            }),
          }
        : {}),
      ...(forwards ? { forwards } : {}),
    };
    let content: string;
    try {
      content = JSON.stringify(request);
    } catch (error) {
      // Not the broker's fault: a payload that cannot be serialized is a bug, not an outage.
      return Promise.reject(Errors.internal(error));
    }
    // A child of the request, event or job being handled, or a trace of its own.
    const span = tracingEnabled()
      ? startSpan(`${service}/${method}`, 'client', {
          attributes: {
            'rpc.system': 'custody',
            'rpc.service': service,
            'rpc.method': method,
            'messaging.system': 'rabbitmq',
            'custody.request_id': requestId,
          },
        })
      : undefined;
    const trace = span?.carrier();
    return new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.forget(correlationId);
        const error = Errors.timeout(`The ${service} service did not answer in time.`);
        endSpan(span, error);
        reject(error);
      }, timeoutMs);
      this.pending.set(correlationId, {
        service,
        resolve,
        reject,
        timer,
        span,
      });
      let calls = this.outgoing.get(service);
      if (!calls) {
        calls = [];
        this.outgoing.set(service, calls);
      }
      calls.push({
        correlationId,
        requestId,
        deadline,
        request: content,
        trace,
      });
      // The rest of this turn's calls (every request the gateway parsed from one read, every
      // continuation of one Redis reply) join them.
      this.scheduleFlush();
    });
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => this.flush(false));
  }

  /**
   * Sends the calls waiting for each service, one message per service and up to
   * `maxCallsPerMessage` calls: at the end of a turn to a service with nothing unanswered, and
   * to every service when the hold time is up (`force`).
   */
  private flush(force: boolean): void {
    if (!force) this.flushScheduled = false;
    const most = this.options.maxCallsPerMessage ?? 16;
    // Calls that cannot share a message (a rolling upgrade's 1) gain nothing from waiting.
    const holdMs = most === 1 ? 0 : (this.options.holdMs ?? 5);
    for (const [service, calls] of this.outgoing) {
      if (!force && holdMs > 0 && (this.unanswered.get(service) ?? 0) > 0) continue;
      this.outgoing.delete(service);
      for (let i = 0; i < calls.length; i += most) this.send(service, calls.slice(i, i + most));
    }
    if (force || this.outgoing.size === 0) {
      clearTimeout(this.holdTimer);
      this.holdTimer = undefined;
    } else {
      this.holdTimer ??= setTimeout(() => {
        this.holdTimer = undefined;
        this.flush(true);
      }, holdMs);
    }
  }

  /** Drops a call from `pending`: answered, failed or timed out, it no longer holds others. */
  private forget(correlationId: string): Pending | undefined {
    const call = this.pending.get(correlationId);
    if (!call) return undefined;
    this.pending.delete(correlationId);
    const message = call.message;
    if (message && --message.unanswered === 0) {
      const left = (this.unanswered.get(message.service) ?? 1) - 1;
      this.unanswered.set(message.service, left);
      if (left === 0 && this.outgoing.has(message.service)) this.scheduleFlush();
    }
    return call;
  }

  private send(service: ServiceName, calls: Outgoing[]): void {
    const channel = this.channel;
    // Calls that timed out while they waited for the turn to end are not sent.
    const live = calls.filter((call) => this.pending.has(call.correlationId));
    if (live.length === 0) return;
    const [first] = live as [Outgoing];
    const message: SentMessage = { service, unanswered: live.length };
    for (const { correlationId } of live) {
      const call = this.pending.get(correlationId);
      if (call) call.message = message;
    }
    this.unanswered.set(service, (this.unanswered.get(service) ?? 0) + 1);
    const deadline = Math.max(...live.map((call) => call.deadline));
    try {
      if (!channel) throw new Error('no channel');
      const common = {
        // RabbitMQ checks it against the connection's user: the server knows who sent it.
        userId: this.options.broker.username,
        replyTo: TOPOLOGY.replyTo,
        contentType: 'application/json',
        // Unanswered requests expire in the queue instead of running after the caller gave up.
        expiration: String(Math.max(1, deadline - Date.now())),
        mandatory: true,
      };
      const caller = {
        ...{},
        ...(this.options.caller ? { [HEADERS.caller]: this.options.caller } : {}),
        // This client reads replies combined in one message (servers from before do not).
        [HEADERS.acceptsBatch]: 1,
      };
      if (live.length === 1) {
        publishMessage(channel, ...this.route(service), Buffer.from(first.request), {
          ...{},
          ...common,
          correlationId: first.correlationId,
          headers: {
            [HEADERS.requestId]: first.requestId,
            [HEADERS.deadline]: first.deadline,
            ...caller,
            ...first.trace,
          },
        });
        return;
      }
      // The serialized requests are spliced in as they are (each was checked by call()).
      const body = live
        .map(
          (call) =>
            `{"correlationId":${JSON.stringify(call.correlationId)},"requestId":${JSON.stringify(call.requestId)},"deadline":${call.deadline},${traceFields(call.trace)}"request":${call.request}}`,
        )
        .join(',');
      publishMessage(channel, ...this.route(service), Buffer.from(`[${body}]`), {
        ...{},
        ...common,
        correlationId: randomUUID(),
        headers: {
          [HEADERS.batch]: live.length,
          [HEADERS.requestId]: first.requestId,
          [HEADERS.deadline]: deadline,
          ...caller,
        },
      });
    } catch {
      // No channel, or it is closing under us.
      for (const call of live)
        this.settle(
          call.correlationId,
          Errors.unavailable('The message broker is not reachable.', 'broker_unavailable'),
        );
    }
  }

  /** The exchange and routing key of a request to `service`. */
  private route(service: ServiceName): [string, string] {
    return this.options.straightToQueue
      ? ['', this.options.broker.rpcQueue(service)]
      : [this.options.broker.rpcExchange, service];
  }

  /** Answers a pending call (once): with its reply, or with an error. */
  private settle(correlationId: string, outcome: RpcReply | AppError): void {
    const call = this.forget(correlationId);
    if (!call) return; // late reply to a call that already timed out
    clearTimeout(call.timer);
    if (outcome instanceof AppError) {
      endSpan(call.span, outcome);
      return call.reject(outcome);
    }
    if (outcome.ok) {
      endSpan(call.span);
      return call.resolve(outcome.result);
    }
    let error: AppError;
    try {
      error = AppError.fromWire(outcome.error);
    } catch {
      error = Errors.internal(new Error('Malformed RPC error reply'));
    }
    endSpan(call.span, error);
    call.reject(error);
  }

  private onReply(msg: ConsumeMessage): void {
    if (msg.properties.headers?.[HEADERS.batch] !== undefined) {
      let replies: RpcBatchReply[];
      try {
        replies = JSON.parse(msg.content.toString('utf8')) as RpcBatchReply[];
        if (!Array.isArray(replies)) throw new Error('not a batch');
      } catch {
        // Nothing tells which calls it answered: they time out.
        this.options.logger.error('Unparseable RPC batch reply');
        return;
      }
      for (const item of replies) {
        // A malformed element answers nothing: its call times out, the others are answered.
        if (typeof item?.correlationId === 'string' && typeof item.reply?.ok === 'boolean')
          this.settle(item.correlationId, item.reply);
      }
      return;
    }
    const correlationId = msg.properties.correlationId as string;
    if (!this.pending.has(correlationId)) return; // late reply to a call that already timed out
    let reply: RpcReply;
    try {
      reply = JSON.parse(msg.content.toString('utf8')) as RpcReply;
    } catch {
      this.settle(correlationId, Errors.internal(new Error('Unparseable RPC reply')));
      return;
    }
    this.settle(correlationId, reply);
  }

  private onReturned(msg: Message): void {
    const unavailable = (service: ServiceName) =>
      Errors.unavailable(`The ${service} service is not running.`);
    if (msg.properties.headers?.[HEADERS.batch] !== undefined) {
      // Our own batch came back: every call in it.
      const calls = JSON.parse(msg.content.toString('utf8')) as RpcBatchCall[];
      for (const { correlationId } of calls) {
        const call = this.pending.get(correlationId);
        if (call) this.settle(correlationId, unavailable(call.service));
      }
      return;
    }
    const call = this.pending.get(msg.properties.correlationId);
    if (call) this.settle(msg.properties.correlationId, unavailable(call.service));
  }
}

/** A call's trace context as fields of its entry in a batch message (`RpcBatchCall`). */
function traceFields(trace: TraceCarrier | undefined): string {
  if (!trace) return '';
  const state = trace.tracestate ? `"tracestate":${JSON.stringify(trace.tracestate)},` : '';
  return `"traceparent":${JSON.stringify(trace.traceparent)},${state}`;
}

/**
 * Ends a call's span: failed when the service failed or could not be reached (5xx); a refusal
 * (4xx) is an answer, its status recorded.
 */
function endSpan(span: TracedSpan | undefined, error?: AppError): void {
  if (!span) return;
  if (error) {
    span.setAttribute('custody.status', error.status);
    span.setAttribute('custody.code', error.code);
    if (error.status >= 500) span.fail(error);
  }
  span.end();
}
