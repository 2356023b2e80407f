import amqp from 'amqplib';
import { testServiceUrls } from '@custody/testing';
import { coalesceWrites } from './broker';

describe('coalesceWrites', () => {
  it('finds the amqplib internals it patches (an upgrade that moves them fails here)', async () => {
    const connection = await amqp.connect(testServiceUrls().amqpUrl);
    try {
      expect(coalesceWrites(connection)).toBe(true);
      // Frames still flow through the patched multiplexer.
      const channel = await connection.createChannel();
      const { queue } = await channel.assertQueue('', { exclusive: true });
      channel.sendToQueue(queue, Buffer.from('ping'));
      const got = await new Promise<string>((resolve) => {
        void channel.consume(queue, (msg) => msg && resolve(msg.content.toString()), {
          noAck: true,
        });
      });
      expect(got).toBe('ping');
    } finally {
      await connection.close();
    }
  });
});
