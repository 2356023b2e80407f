import type { Channel } from 'amqplib';

/** The message options this library's RPC publishers use. */
export interface MessageOptions {
  contentType?: string;
  correlationId?: string;
  replyTo?: string;
  expiration?: string;
  mandatory?: boolean;
  headers?: Record<string, unknown>;
  /** The connection's user: RabbitMQ refuses a message whose user-id is not it. */
  userId?: string;
}

/** What amqplib's `publish` calls once it has built the method fields and properties. */
interface FrameSender {
  sendMessage(fields: object, properties: object, content: Buffer): boolean;
}

/**
 * Publishes as amqplib's `channel.publish` does, but without its
 * `Object.create(options.headers)`: that made every message's headers object a prototype, and V8
 * gave each one a map of its own in the old generation, which kept the headers and what they
 * referenced alive until the next full collection (docs/performance.md, "RPC publishes without header prototypes"). The frame
 * is the same: the method fields and properties amqplib would send, headers as given (an empty
 * table when there are none, as amqplib sends). Falls back to `publish` if amqplib ever drops
 * `sendMessage`.
 */
export function publishMessage(
  channel: Channel,
  exchange: string,
  routingKey: string,
  content: Buffer,
  options: MessageOptions,
): boolean {
  const sender = channel as unknown as Partial<FrameSender>;
  if (typeof sender.sendMessage !== 'function')
    return channel.publish(exchange, routingKey, content, options);
  const fields = {
    exchange,
    routingKey,
    mandatory: options.mandatory === true,
    immediate: false,
    ticket: undefined,
    contentType: options.contentType,
    contentEncoding: undefined,
    headers: options.headers ?? {},
    deliveryMode: undefined,
    priority: undefined,
    correlationId: options.correlationId,
    replyTo: options.replyTo,
    expiration: options.expiration,
    messageId: undefined,
    timestamp: undefined,
    type: undefined,
    userId: options.userId,
    appId: undefined,
    clusterId: undefined,
  };
  return sender.sendMessage.call(channel, fields, fields, content);
}
