import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Closes every RabbitMQ connection of one stack (its connection names start with the stack's
 * namespace), the way a broker failover or a network cut would. Uses rabbitmqctl on this machine.
 */
export async function closeBrokerConnections(namespace: string): Promise<number> {
  const { stdout } = await run(
    'rabbitmqctl',
    ['-q', 'list_connections', 'pid', 'client_properties', '--formatter', 'json'],
    { timeout: 30_000 },
  );
  const connections = JSON.parse(stdout || '[]') as {
    pid: string;
    client_properties: [string, string, unknown][] | Record<string, unknown>;
  }[];
  const nameOf = (c: (typeof connections)[number]): string => {
    const props = c.client_properties;
    if (Array.isArray(props)) {
      const entry = props.find(([key]) => key === 'connection_name');
      return typeof entry?.[2] === 'string' ? entry[2] : '';
    }
    const value = props['connection_name'];
    return typeof value === 'string' ? value : '';
  };
  const ours = connections.filter((c) => nameOf(c).startsWith(`${namespace}/`));
  await Promise.all(
    ours.map((c) =>
      run('rabbitmqctl', ['-q', 'close_connection', c.pid, 'chaos test'], {
        timeout: 30_000,
      }).catch(() => undefined),
    ),
  );
  return ours.length;
}
