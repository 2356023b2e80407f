import { setFlagsFromString } from 'node:v8';
import amqp, { type ConsumeMessage } from 'amqplib';
import { testServiceUrls } from '@custody/testing';
import { publishMessage, type MessageOptions } from './publish';

setFlagsFromString('--allow-natives-syntax');
/** Whether V8 gives two objects the same hidden class (a prototype gets a map of its own). */
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (
  a: object,
  b: object,
) => boolean;

/** The parts of a delivered message that the publisher decided. */
function published(msg: ConsumeMessage) {
  const { deliveryTag: _tag, consumerTag: _consumer, ...fields } = msg.fields;
  return { fields, properties: msg.properties, content: msg.content.toString() };
}

describe('publishMessage', () => {
  it('delivers the same message as amqplib publish', async () => {
    const connection = await amqp.connect(testServiceUrls().amqpUrl);
    try {
      const channel = await connection.createChannel();
      const { queue } = await channel.assertQueue('', { exclusive: true });
      const got: ConsumeMessage[] = [];
      await channel.consume(queue, (msg) => msg && got.push(msg), { noAck: true });
      const cases: MessageOptions[] = [
        {
          contentType: 'application/json',
          correlationId: 'c-1',
          replyTo: 'reply-here',
          expiration: '60000',
          mandatory: true,
          headers: { 'x-request-id': 'r-1', 'x-deadline': 1795515217405, 'x-batch': 3 },
        },
        { contentType: 'application/json' },
      ];
      for (const options of cases) {
        channel.publish('', queue, Buffer.from('{"a":1}'), options);
        publishMessage(channel, '', queue, Buffer.from('{"a":1}'), options);
      }
      const deadline = Date.now() + 5_000;
      while (got.length < 4 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(got).toHaveLength(4);
      const [a1, b1, a2, b2] = got.map(published);
      expect(b1).toEqual(a1);
      expect(b2).toEqual(a2);
      expect(a1?.properties.headers).toEqual({
        'x-request-id': 'r-1',
        'x-deadline': 1795515217405,
        'x-batch': 3,
      });
    } finally {
      await connection.close();
    }
  });

  it('does not make the headers object a prototype, as amqplib publish does', async () => {
    const connection = await amqp.connect(testServiceUrls().amqpUrl);
    try {
      const channel = await connection.createChannel();
      const { queue } = await channel.assertQueue('', { exclusive: true });
      const headersOf = (id: string) => ({ 'x-request-id': id, 'x-batch': 2 });
      const untouched = headersOf('a');
      const viaPublish = headersOf('b');
      const viaPublishMessage = headersOf('c');
      expect(haveSameMap(untouched, viaPublish)).toBe(true);
      channel.publish('', queue, Buffer.from('x'), { headers: viaPublish });
      publishMessage(channel, '', queue, Buffer.from('x'), { headers: viaPublishMessage });
      expect(haveSameMap(untouched, viaPublish)).toBe(false);
      expect(haveSameMap(untouched, viaPublishMessage)).toBe(true);
    } finally {
      await connection.close();
    }
  });
});
