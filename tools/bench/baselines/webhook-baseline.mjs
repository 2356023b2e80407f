// The webhook benchmark's baseline: a bare RabbitMQ consumer that POSTs each event to the sink
// (prefetch 64, ack after the 2xx) — no inbox, no delivery log, no retries, no signatures.
import amqp from 'amqplib';

const connection = await amqp.connect(process.env.AMQP_URL);
const channel = await connection.createChannel();
await channel.assertExchange(process.env.EXCHANGE, 'topic', { durable: false, autoDelete: true });
const { queue } = await channel.assertQueue('', { exclusive: true });
await channel.bindQueue(queue, process.env.EXCHANGE, '#');
await channel.prefetch(64);
await channel.consume(queue, async (message) => {
  const envelope = JSON.parse(message.content.toString());
  const res = await fetch(process.env.SINK_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id: envelope.id, event: envelope.name, data: envelope.data }),
  });
  await res.arrayBuffer();
  channel.ack(message);
});
process.stdout.write('{"ready":true}\n');
process.on('SIGTERM', () => connection.close().then(() => process.exit(0)));
