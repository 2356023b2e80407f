import type { ChannelModel, ConfirmChannel } from 'amqplib';
import { v7 as uuidv7 } from 'uuid';
import {
  AUDIT_BATCH_EVENT,
  type AuditBatch,
  type AuditRecord,
  type EventEnvelope,
} from '@custody/contracts';
import type { RouteObserver } from '@custody/http';
import type { Logger } from '@custody/logging';
import { type Broker, type BrokerComponent, guardChannel } from '@custody/messaging';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MAX_BUFFERED = 10_000;
/** Records per message: one identity insert each (15 parameters a row, far under the limit). */
const BATCH_RECORDS = 200;
/**
 * How long a record waits for others to share its message. A record is in memory until its
 * message is confirmed either way, so a crash loses at most this much more than before; one
 * message per request cost a publish, a confirm, a delivery, an ack and an identity
 * transaction per request.
 */
const GATHER_MS = 20;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The longest request value the audit log keeps (GET /v1/audit-events states it). */
export const AUDIT_TEXT_MAX = 500;

/**
 * A request value as the audit log can keep it, refused requests included: at most
 * AUDIT_TEXT_MAX characters, with what PostgreSQL text cannot hold (NUL, half a surrogate pair)
 * as U+FFFD. A raw one made identity's insert fail, and the record of that hostile request was
 * lost.
 */
function text(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0) return null;
  return value
    .slice(0, AUDIT_TEXT_MAX)
    .replaceAll('\u0000', '\ufffd')
    .replace(LONE_SURROGATE, '\ufffd');
}

/**
 * Records every mutating request (success or failure) and publishes the records to the events
 * exchange in batches (AUDIT_BATCH_EVENT: what arrived within GATHER_MS, at most BATCH_RECORDS);
 * identity appends them. Records wait in a bounded buffer while the broker is unreachable and
 * go out, confirmed, when it is back.
 */
export class AuditPublisher implements BrokerComponent {
  private channel: ConfirmChannel | undefined;
  private readonly buffer: AuditBatch['records'] = [];
  private flushing: Promise<void> | undefined;
  private gathering: NodeJS.Timeout | undefined;

  constructor(
    private readonly broker: Broker,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    await this.broker.register(this);
  }

  async attach(connection: ChannelModel): Promise<void> {
    const channel = await connection.createConfirmChannel();
    guardChannel(channel, this.logger, 'audit publisher');
    channel.on('close', () => {
      if (this.channel !== channel) return;
      this.channel = undefined;
      this.broker.reattachLater(this);
    });
    this.channel = channel;
    void this.flush();
  }

  detach(): void {
    this.channel = undefined;
  }

  async stop(): Promise<void> {
    clearTimeout(this.gathering);
    this.gathering = undefined;
    // A flush in progress first, then what arrived meanwhile.
    await this.flushing;
    await this.flush();
    this.broker.unregister(this);
    await this.channel?.close().catch(() => undefined);
    this.channel = undefined;
  }

  readonly observer: RouteObserver = ({ route, req, status, auth, responseBody }) => {
    if (!MUTATING.has(req.method)) return;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const params: Record<string, unknown> = req.params;
    const created = (responseBody ?? {}) as Record<string, unknown>;
    const record: AuditRecord = {
      requestId: req.requestId,
      action: route.operationId,
      method: req.method,
      // A refused request's path may be as long as the server takes a request line.
      path: text(req.originalUrl.split('?')[0]) ?? '/',
      clientId: auth?.clientId ?? null,
      tenantId: auth?.tenantId ?? null,
      userId: text(params['user']) ?? text(body['userId']) ?? auth?.userId ?? null,
      targetId:
        text(created['id']) ??
        text(params['wallet']) ??
        text(params['user']) ??
        text(Object.values(params).at(-1)) ??
        null,
      device: text(body['device']),
      ip: text(body['ip']),
      // From X-Forwarded-For when a loopback proxy sent it: whatever that header said.
      remoteIp: text(req.ip),
      status,
      outcome: status < 400 ? 'success' : 'failure',
    };
    if (this.buffer.length >= MAX_BUFFERED) {
      this.logger.error({ record }, 'audit buffer full; record dropped');
      return;
    }
    this.buffer.push({ id: uuidv7(), occurredAt: new Date().toISOString(), record });
    if (this.buffer.length >= BATCH_RECORDS) void this.flush();
    else
      this.gathering ??= setTimeout(() => {
        this.gathering = undefined;
        void this.flush();
      }, GATHER_MS);
  };

  private flush(): Promise<void> {
    this.flushing ??= this.publishBuffered().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  private async publishBuffered(): Promise<void> {
    try {
      while (this.buffer.length > 0 && this.channel) {
        const channel = this.channel;
        const batch = this.buffer.slice(0, BATCH_RECORDS);
        const event: EventEnvelope<typeof AUDIT_BATCH_EVENT> = {
          id: uuidv7(),
          name: AUDIT_BATCH_EVENT,
          occurredAt: new Date().toISOString(),
          tenantId: null,
          data: { records: batch },
        };
        channel.publish(
          this.broker.eventsExchange,
          AUDIT_BATCH_EVENT,
          Buffer.from(JSON.stringify(event)),
          {
            persistent: true,
            messageId: event.id,
            contentType: 'application/json',
            // Consumers take events only from the users of their publishers.
            userId: this.broker.username,
          },
        );
        await channel.waitForConfirms();
        this.buffer.splice(0, batch.length);
      }
    } catch (error) {
      // Unconfirmed: the batch stays in the buffer and is sent again after a reconnect, or by
      // the next gathering (a nack leaves the channel open).
      this.logger.warn(
        { err: error, buffered: this.buffer.length },
        'audit records not confirmed yet',
      );
      if (!this.gathering) {
        this.gathering = setTimeout(() => {
          this.gathering = undefined;
          void this.flush();
        }, 1_000);
        this.gathering.unref();
      }
    }
  }
}
