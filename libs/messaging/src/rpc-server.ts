import type { Channel, ChannelModel, ConsumeMessage } from 'amqplib';
import {
  HEADERS,
  type AuthContext,
  type MethodAccess,
  type RpcBatchCall,
  type RpcReply,
  type CommonRpc,
  type RpcMethod,
  type RpcParams,
  type RpcRequest,
  type RpcResult,
  type ServiceName,
} from '@custody/contracts';
import { AppError, Errors, toAppError } from '@custody/errors';
import { runWithContext, type Logger } from '@custody/logging';
import {
  carrierOf,
  startSpan,
  type TraceCarrier,
  type TracedSpan,
  tracingEnabled,
} from '@custody/telemetry';
import { type Broker, type BrokerComponent, guardChannel } from './broker';
import { InFlight } from './in-flight';
import { publishMessage } from './publish';
import { RecentProofs, type ProofMemory } from './proof-memory';
import { runWithOrigin, type RpcOrigin } from './rpc-origin';
import { AUTH_AUTHORITY, type ProofFault, requestHash, type RpcProofVerifier } from './rpc-proof';

export interface RpcCallContext {
  requestId: string;
  /**
   * The calling app: the one whose broker user sent the message (RabbitMQ checks a message's
   * user-id against its connection), see `CallerPolicy`.
   */
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

/** Marks a handler that handles its Idempotency-Key itself (see IdempotentRpcHandler). */
export function ownsIdempotency<P, R>(
  handler: (params: P, ctx: RpcCallContext) => Promise<R>,
): typeof handler & { ownsIdempotency: true } {
  return Object.assign(handler, { ownsIdempotency: true as const });
}

export function isIdempotencyOwner(handler: RpcHandler): handler is IdempotentRpcHandler {
  return (handler as Partial<IdempotentRpcHandler>).ownsIdempotency === true;
}

/** A handler as the server dispatches it: params as they came off the wire. */
export type RpcHandler = (params: unknown, ctx: RpcCallContext) => Promise<unknown>;

/**
 * A service's handler table, typed by its contract: one handler per method of `RpcContracts[S]`
 * (but `system.ping`, which service-kit serves), taking the contract's params and answering its
 * result. A missing method, or a handler that reads a param the contract does not have, does
 * not compile.
 */
export type RpcHandlers<S extends ServiceName> = {
  [M in Exclude<RpcMethod<S>, keyof CommonRpc>]: (
    params: RpcParams<S, M>,
    ctx: RpcCallContext,
  ) => Promise<RpcResult<S, M>>;
};

/**
 * The table as the server dispatches it, by wire name. Params arrive as JSON from callers the
 * broker authenticated (docs/decisions/rpc.md), and are the contract's by construction of their
 * `call`.
 */
export function dispatchTable<S extends ServiceName>(
  handlers: RpcHandlers<S>,
): Record<string, RpcHandler> {
  return handlers as unknown as Record<string, RpcHandler>;
}

/**
 * One method's handler, typed by its service's contract, as the server dispatches it: what a
 * test's stand-in for a peer serves (the server checks params no more than for `dispatchTable`).
 */
export function methodHandler<S extends ServiceName, M extends RpcMethod<S>>(
  _service: S,
  method: M,
  handler: (params: RpcParams<S, M>, ctx: RpcCallContext) => Promise<RpcResult<S, M>>,
): [string, RpcHandler] {
  return [method, handler as unknown as RpcHandler];
}

/**
 * Which app a broker user is (`MQ_CALLERS`: `user=app,…`). A user mapped to `*` is shared by
 * several apps (one broker user for the whole stack, as in development): its messages name their
 * app in a header, which only a deployment with one user per app makes trustworthy. A user not
 * listed is no app.
 */
export class CallerPolicy {
  private readonly apps: Map<string, string>;

  constructor(spec: string) {
    this.apps = new Map(
      spec
        .split(',')
        .map((pair) => pair.trim())
        .filter((pair) => pair !== '')
        .map((pair) => {
          const at = pair.indexOf('=');
          return [pair.slice(0, at), pair.slice(at + 1)] as const;
        }),
    );
  }

  callerOf(userId: string | undefined, claimed: string | undefined): string | undefined {
    const app = this.apps.get(userId ?? '');
    return app === '*' ? claimed : app;
  }

  /** The app a broker user is: its name, `*` for a user several apps share, or undefined. */
  appOf(userId: string | undefined): string | undefined {
    return this.apps.get(userId ?? '');
  }
}

/** How a handled call ended, as metrics label it. */
export type RpcOutcome = 'ok' | 'rejected' | 'error';

export interface RpcServerOptions {
  broker: Broker;
  /** Who sent each message (by its broker user). */
  callers: CallerPolicy;
  service: ServiceName;
  handlers: Record<string, RpcHandler>;
  /**
   * Who may call each method (the contracts' `RPC_ACCESS` of this service): checked before the
   * handler runs; a method without a declaration is refused whatever its handler.
   */
  access: Readonly<Record<string, MethodAccess>>;
  prefetch: number;
  /** The largest reply sent, in bytes of JSON (default 16 MiB); a larger one becomes an error. */
  maxReplyBytes?: number;
  logger: Logger;
  /**
   * Observes each handled call (metrics): `rejected` when refused as the caller's fault (4xx),
   * `error` when it failed here (5xx).
   */
  onCall?: (method: string, outcome: RpcOutcome, durationMs: number) => void;
  /** Checks each request's proofs (RpcProof); none: every request is taken as sent (tests). */
  proofs?: ProofPolicy;
}

/**
 * Which requests a server takes (docs/decisions/rpc.md): each must carry a valid proof of the
 * app that sent it (its broker user), for this receiver, method, params and request id, used
 * once; an auth context only straight from `authority` (the gateway), or forwarded by an app
 * with `authority`'s attestation of that forward of that request.
 */
export interface ProofPolicy {
  verifier: RpcProofVerifier;
  authority: string;
  /**
   * Remembers the proofs of commands (requests that are not idempotent) across this service's
   * replicas and restarts (its database); reads' proofs are remembered in this process.
   */
  memory?: ProofMemory;
  /** Told of each refused request (the audit log, a metric). */
  onRefused: (refusal: ProofRefusal) => void;
}

export interface ProofRefusal {
  method: string;
  caller: string | undefined;
  brokerUser: string | undefined;
  requestId: string;
  /**
   * A proof's fault; a proven caller the method does not name (`caller_not_allowed`); an auth
   * context the method does not take from that caller (`auth_not_allowed`); a proof used before
   * (`replayed`).
   */
  reason: ProofFault | 'caller_not_allowed' | 'auth_not_allowed' | 'replayed';
  /**
   * What failed: the sender's proof (`proof`), the auth context's origin (`origin`), or the
   * caller itself (`caller`).
   */
  failed: 'proof' | 'origin' | 'caller';
}

/**
 * Serves `rpc.<service>`: competing consumers, so N replicas share the queue. Replies go to the
 * caller's direct reply-to. A message is acked only after its reply is sent. Prefetch bounds the
 * messages taken, and as many calls run at once (a message may carry several, see HEADERS.batch):
 * the others wait for a slot, their deadline checked when they start.
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
  private outbound: Outbound[] = [];
  /** Calls running, and those waiting for one of the `prefetch` slots. */
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** The proofs of reads taken by this process, until they expire. */
  private readonly recent = new RecentProofs();

  constructor(private readonly options: RpcServerOptions) {
    const undeclared = Object.keys(options.handlers).filter(
      (method) => !Object.prototype.hasOwnProperty.call(options.access, method),
    );
    // Refused at every call anyway: say so at start, where it is a deployment's bug.
    if (undeclared.length > 0)
      throw new Error(
        `${options.service} serves methods no contract declares callers for: ${undeclared.join(', ')}`,
      );
  }

  async start(): Promise<void> {
    await this.options.broker.register(this);
  }

  async attach(connection: ChannelModel): Promise<void> {
    if (this.stopping) return;
    const channel = await connection.createChannel();
    guardChannel(channel, this.options.logger, 'rpc server');
    const queue = this.options.broker.rpcQueue(this.options.service);
    await this.options.broker.assertQueue(channel, queue);
    // Requests come through the RPC exchange under this service's name
    // (docs/decisions/deployment.md).
    await channel.bindQueue(queue, this.options.broker.rpcExchange, this.options.service);
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
    const headers = msg.properties.headers ?? {};
    const claimed =
      typeof headers[HEADERS.caller] === 'string' ? headers[HEADERS.caller] : undefined;
    const brokerUser =
      typeof msg.properties.userId === 'string' ? msg.properties.userId : undefined;
    const caller = this.options.callers.callerOf(brokerUser, claimed);
    const replyTo = msg.properties.replyTo as string | undefined;
    const redelivered = msg.fields.redelivered;
    if (headers[HEADERS.batch] !== undefined) {
      // Several calls in one message: each runs and is answered on its own, the message is
      // acked once all are answered.
      let calls: RpcBatchCall[] = [];
      try {
        calls = parseBatch(msg.content);
      } catch (error) {
        this.options.logger.error({ err: error }, 'Unparseable RPC batch dropped');
      }
      try {
        await Promise.allSettled(
          calls.map(async (call) => {
            const reply = await this.execute(channel, () => parseRequest(call.request), {
              requestId: String(call.requestId ?? call.correlationId ?? ''),
              deadline: Number(call.deadline ?? Date.now() + 60_000),
              caller,
              brokerUser,
              redelivered,
              trace: batchCallTrace(call),
            });
            // Not awaited: the ack below may leave in the same message flush, after it.
            if (reply && replyTo) {
              void this.send(channel, {
                replyTo,
                correlationId: call.correlationId,
                reply,
                combinable: true,
              });
            }
          }),
        );
      } finally {
        await this.send(channel, { ack: msg });
      }
      return;
    }
    const started = Date.now();
    const correlationId = msg.properties.correlationId as string | undefined;
    const reply = await this.execute(channel, () => parseRequest(msg.content), {
      requestId: String(headers[HEADERS.requestId] ?? correlationId ?? ''),
      deadline: Number(headers[HEADERS.deadline] ?? started + 60_000),
      caller,
      brokerUser,
      redelivered,
      trace: carrierOf(headers),
    });
    // The reply and the ack leave in the same flush, the reply first.
    if (reply && replyTo && correlationId !== undefined) {
      const combinable = headers[HEADERS.acceptsBatch] !== undefined;
      void this.send(channel, { replyTo, correlationId, reply, combinable });
    }
    await this.send(channel, { ack: msg });
  }

  /**
   * Runs one call: its reply, or nothing when the caller's deadline has passed (doing the work
   * now would only add load).
   */
  private async execute(
    channel: Channel,
    parse: () => RpcRequest,
    call: CallMeta,
  ): Promise<RpcReply | undefined> {
    await this.slot();
    try {
      // Its message went back to the broker while it waited (channel lost, or closed by stop):
      // another replica has it, and this one must not run it as well.
      if (channel !== this.channel) return undefined;
      return await this.run(parse, call);
    } finally {
      // The slot goes to the next waiting call, if any (then `running` is unchanged).
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  /** Waits for one of the `prefetch` call slots. */
  private async slot(): Promise<void> {
    if (this.running < this.options.prefetch) {
      this.running += 1;
      return;
    }
    // The slot is handed over by the call that ends (running stays counted).
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private async run(parse: () => RpcRequest, call: CallMeta): Promise<RpcReply | undefined> {
    const started = Date.now();
    const { requestId, deadline } = call;
    if (deadline < started) return undefined;
    let request: RpcRequest | undefined;
    let reply: RpcReply;
    let outcome: RpcOutcome = 'ok';
    let span: TracedSpan | undefined;
    try {
      const parsed = parse();
      request = parsed;
      // A child of the caller's span (docs/tracing.md); named by the declared method only: any
      // broker login may send any name.
      span = tracingEnabled()
        ? startSpan(`${this.options.service}/${this.metricName(parsed.method)}`, 'server', {
            parent: call.trace ?? null,
            attributes: {
              'rpc.system': 'custody',
              'rpc.service': this.options.service,
              'rpc.method': this.metricName(parsed.method),
              'messaging.system': 'rabbitmq',
              'custody.request_id': requestId,
              ...(call.caller ? { 'custody.caller': call.caller } : {}),
            },
          })
        : undefined;
      const result = await (span
        ? span.run(() => this.serve(parsed, call))
        : this.serve(parsed, call));
      reply = { ok: true, result: result ?? null };
    } catch (error) {
      const appError = toAppError(error);
      // Alerts count failures of the service, not requests it rightly refused.
      outcome = appError.status >= 500 ? 'error' : 'rejected';
      span?.setAttribute('custody.status', appError.status);
      span?.setAttribute('custody.code', appError.code);
      if (appError.status >= 500) {
        span?.fail(error);
        this.options.logger.error(
          { err: error, rpc: request?.method, requestId },
          'RPC handler failed',
        );
      }
      reply = { ok: false, error: appError.toWire() };
    } finally {
      span?.end();
      const durationMs = Date.now() - started;
      try {
        this.options.onCall?.(this.metricName(request?.method), outcome, durationMs);
        runWithContext({ requestId }, () =>
          this.options.logger.debug({ rpc: request?.method, outcome, durationMs }, 'rpc handled'),
        );
      } catch {
        // Metrics and logs never keep a call from its reply.
      }
    }
    return reply;
  }

  /** Admits a parsed request and runs its handler in the request's context: its result. */
  private async serve(parsed: RpcRequest, call: CallMeta): Promise<unknown> {
    const { requestId, deadline } = call;
    const own = (table: object) => Object.prototype.hasOwnProperty.call(table, parsed.method);
    const handler = own(this.options.handlers) ? this.options.handlers[parsed.method] : undefined;
    const access = own(this.options.access) ? this.options.access[parsed.method] : undefined;
    // Admitted first: its proof is then taken, and a later copy of it is a replay. A method
    // not served here is refused there, once the caller is proven.
    const origin = await this.admit(parsed, call, handler && access);
    if (!handler) throw new AppError(501, 'unknown_method', `Unknown RPC method ${parsed.method}`);
    // An auditor reads only: every service refuses its commands, whatever the gateway let by.
    if (parsed.auth?.audience === 'auditor' && !parsed.idempotent)
      throw Errors.forbidden('An auditor reads only; it changes nothing.', 'auditor_read_only');
    if (call.redelivered && !parsed.idempotent) {
      // A previous instance may have done it before dying: never run a command twice.
      throw Errors.unavailable(
        'The service restarted while handling this request; retry it with the same Idempotency-Key.',
        'retry_required',
      );
    }
    const context = { requestId, ...tenantOf(parsed.auth) };
    const logger = this.loggerFor(parsed.method);
    return await runWithContext(context, () =>
      runWithOrigin(origin, () =>
        handler(parsed.params, {
          requestId,
          caller: call.caller,
          auth: parsed.auth,
          logger,
          deadline,
          ...(parsed.idempotencyKey && parsed.auth
            ? { idempotency: { clientId: parsed.auth.clientId, ...parsed.idempotencyKey } }
            : {}),
        }),
      ),
    );
  }

  /**
   * A method's name as metrics label it: a method this server does not declare is `unknown`
   * (any broker login may send any name, and each label value is a time series kept forever).
   */
  metricName(method: string | undefined): string {
    if (method === undefined) return 'invalid';
    return Object.prototype.hasOwnProperty.call(this.options.access, method) ? method : 'unknown';
  }

  /**
   * Takes a request only with a valid proof of its sender, used for the first time, for a method
   * it serves, from a caller that method names, with an auth context only from where the method
   * takes one; refuses any other (reported to `onRefused`) before its handler runs. Answers the
   * origin that the calls made while handling it carry along.
   */
  private async admit(
    request: RpcRequest,
    call: CallMeta,
    access: MethodAccess | undefined,
  ): Promise<RpcOrigin | undefined> {
    const policy = this.options.proofs;
    const refuse = (reason: ProofRefusal['reason'], failed: ProofRefusal['failed']): never => {
      policy?.onRefused({
        method: request.method,
        caller: call.caller,
        brokerUser: call.brokerUser,
        requestId: call.requestId,
        reason,
        failed,
      });
      if (reason === 'replayed')
        throw Errors.conflict('This request was received before.', 'rpc_replayed');
      if (reason === 'caller_not_allowed')
        throw Errors.forbidden(
          `${call.caller ?? 'This app'} may not call ${request.method}.`,
          'caller_not_allowed',
        );
      if (reason === 'auth_not_allowed')
        throw Errors.forbidden(
          `${request.method} takes no auth context from ${call.caller ?? 'this app'}.`,
          'caller_not_allowed',
        );
      throw Errors.unauthorized(
        'The request carries no valid proof of its sender.',
        'rpc_proof_invalid',
      );
    };
    const { auth } = request;
    let nonce: { iss: string; n: string; exp: number } | undefined;
    if (policy) {
      const checked = policy.verifier.check(request.proof, auth);
      if ('fault' in checked) return refuse(checked.fault, 'proof');
      const own = checked.proof;
      if (own.iss !== call.caller) return refuse('other_caller', 'proof');
      if (own.m !== request.method || own.rid !== call.requestId || own.ph !== requestHash(request))
        return refuse('other_request', 'proof');
      nonce = own;
    }
    // Only a proven caller learns that a method does not exist here (a version skew).
    if (!access) throw new AppError(501, 'unknown_method', `Unknown RPC method ${request.method}`);
    if (call.caller === undefined || !(access.callers as readonly string[]).includes(call.caller))
      return refuse('caller_not_allowed', 'caller');
    let origin: RpcOrigin | undefined;
    if (auth) {
      const straight = call.caller === AUTH_AUTHORITY;
      if (access.auth === 'none' || (access.auth === 'gateway' && !straight))
        return refuse('auth_not_allowed', 'origin');
      if (!straight && policy) {
        const vouched = policy.verifier.checkForward(
          request.forwards,
          { requestId: call.requestId, from: call.caller, method: request.method, auth },
          policy.authority,
        );
        if ('fault' in vouched) return refuse(vouched.fault, 'origin');
      }
      origin = { auth, requestId: call.requestId, forwards: request.forwards };
    }
    if (nonce) {
      // Reads are remembered here (a replay of one answers the request's own caller at most);
      // commands where every replica and the next start see them.
      const memory = request.idempotent ? this.recent : (policy?.memory ?? this.recent);
      const first = await memory.claim(nonce.iss, nonce.n, nonce.exp);
      // A message the broker handed out again (its first reader's channel closed) is no replay:
      // a read runs again for its own caller, a command is refused just after (retry_required).
      if (!first && !call.redelivered) return refuse('replayed', 'proof');
    }
    return origin;
  }

  /**
   * Queues a reply or an ack for the end of this event-loop turn: the replies to one caller
   * finished in one turn leave as one message (a batch), acks after the replies they follow.
   * Resolves once sent.
   */
  private send(channel: Channel, item: Omit<Outbound, 'channel' | 'sent'>): Promise<void> {
    return new Promise((sent) => {
      this.outbound.push({ ...{}, ...item, channel, sent });
      if (this.outbound.length === 1) setImmediate(() => this.flushOutbound());
    });
  }

  private flushOutbound(): void {
    const items = this.outbound;
    this.outbound = [];
    // Replies grouped by channel and caller, in order; then the acks.
    const groups = new Map<Channel, Map<string, Outbound[]>>();
    for (const item of items) {
      if (!item.replyTo) continue;
      let byCaller = groups.get(item.channel);
      if (!byCaller) {
        byCaller = new Map();
        groups.set(item.channel, byCaller);
      }
      const list = byCaller.get(item.replyTo) ?? [];
      list.push(item);
      byCaller.set(item.replyTo, list);
    }
    for (const [channel, byCaller] of groups) {
      for (const [replyTo, replies] of byCaller) {
        this.settle(channel, () => this.sendReplies(channel, replyTo, replies));
      }
    }
    for (const item of items) {
      if (item.ack) {
        const msg = item.ack;
        this.settle(item.channel, () => item.channel.ack(msg));
      }
      item.sent();
    }
  }

  private sendReplies(channel: Channel, replyTo: string, replies: Outbound[]): void {
    const alone = (reply: Outbound) =>
      channel.sendToQueue(replyTo, Buffer.from(this.serialize(reply.reply)), {
        correlationId: reply.correlationId,
        contentType: 'application/json',
      });
    // A caller that does not read combined replies (one from before pipelining) gets each alone.
    for (const reply of replies) if (!reply.combinable) alone(reply);
    const combinable = replies.filter((r) => r.combinable);
    if (combinable.length === 1) alone(combinable[0] as Outbound);
    if (combinable.length < 2) return;
    const body = combinable
      .map(
        (r) =>
          `{"correlationId":${JSON.stringify(r.correlationId ?? '')},"reply":${this.serialize(r.reply)}}`,
      )
      .join(',');
    publishMessage(channel, '', replyTo, Buffer.from(`[${body}]`), {
      contentType: 'application/json',
      headers: { [HEADERS.batch]: combinable.length },
    });
  }

  private serialize(reply: RpcReply | undefined): string {
    return serialize(
      reply,
      this.options.logger,
      this.options.maxReplyBytes ?? DEFAULT_MAX_REPLY_BYTES,
    );
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

/** What a call carries beside its request: from its message, or from its entry in a batch. */
interface CallMeta {
  requestId: string;
  /** Epoch ms after which the caller no longer waits. */
  deadline: number;
  caller: string | undefined;
  /** The broker user that sent the message (its checked user-id). */
  brokerUser: string | undefined;
  redelivered: boolean;
  /** The caller's span for this call (HEADERS.traceparent), when it sent one. */
  trace: TraceCarrier | undefined;
}

/** A reply or an ack waiting for the end of the turn (see `RpcServer.send`). */
interface Outbound {
  channel: Channel;
  replyTo?: string;
  correlationId?: string;
  reply?: RpcReply;
  /** The caller reads replies combined in one message (HEADERS.acceptsBatch). */
  combinable?: boolean;
  ack?: ConsumeMessage;
  sent: () => void;
}

/** The default of `RpcServerOptions.maxReplyBytes`. */
export const DEFAULT_MAX_REPLY_BYTES = 16 * 1024 * 1024;

function serialize(reply: RpcReply | undefined, logger: Logger, maxBytes: number): string {
  let text: string;
  try {
    text = JSON.stringify(reply);
  } catch (error) {
    logger.error({ err: error }, 'RPC result is not serialisable');
    return JSON.stringify({ ok: false, error: Errors.internal().toWire() } satisfies RpcReply);
  }
  // A UTF-8 byte is at most one UTF-16 unit: the exact count only when the length is close.
  if (text.length * 3 > maxBytes && Buffer.byteLength(text, 'utf8') > maxBytes) {
    logger.error({ bytes: Buffer.byteLength(text, 'utf8'), maxBytes }, 'RPC reply too large');
    const refused = new AppError(
      500,
      'rpc_reply_too_large',
      `The answer is larger than the ${maxBytes} bytes a service may send at once; ask for smaller pages.`,
    );
    return JSON.stringify({ ok: false, error: refused.toWire() } satisfies RpcReply);
  }
  return text;
}

/** A batch entry's trace context, if it carries a well-formed one. */
function batchCallTrace(call: RpcBatchCall): TraceCarrier | undefined {
  if (typeof call.traceparent !== 'string') return undefined;
  return typeof call.tracestate === 'string'
    ? { traceparent: call.traceparent, tracestate: call.tracestate }
    : { traceparent: call.traceparent };
}

function parseBatch(content: Buffer): RpcBatchCall[] {
  const value: unknown = JSON.parse(content.toString('utf8'));
  if (!Array.isArray(value)) throw new Error('an RPC batch is an array');
  return value.filter(
    (call): call is RpcBatchCall =>
      typeof call === 'object' &&
      call !== null &&
      typeof (call as RpcBatchCall).correlationId === 'string',
  );
}

/** A request from its message body, or as a batch carried it (already parsed). */
function parseRequest(content: unknown): RpcRequest {
  let value: unknown = content;
  if (Buffer.isBuffer(content)) {
    try {
      value = JSON.parse(content.toString('utf8'));
    } catch {
      throw Errors.badRequest('RPC request is not JSON', 'invalid_rpc_request');
    }
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
    ...(request.proof !== undefined ? { proof: request.proof } : {}),
    ...(request.forwards !== undefined ? { forwards: request.forwards } : {}),
  };
}

function tenantOf(auth: AuthContext | undefined): { tenantId?: string; clientId?: string } {
  return auth ? { tenantId: auth.tenantId, clientId: auth.clientId } : {};
}
