// Shared by the start and test scripts: where the local services are and whether they answer.
import net from 'node:net';

export const LOCAL_SERVICES = [
  {
    name: 'PostgreSQL',
    env: 'DATABASE_URL',
    port: 5432,
    start:
      'sudo pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start   (Debian: apt-get install postgresql)',
  },
  {
    name: 'RabbitMQ',
    env: 'AMQP_URL',
    port: 5672,
    start: 'sudo rabbitmq-server -detached   (Debian: apt-get install rabbitmq-server)',
  },
  {
    name: 'Redis',
    env: 'REDIS_URL',
    port: 6379,
    start: 'redis-server --daemonize yes   (Debian: apt-get install redis-server)',
  },
];

/** Host and port a service URL points at (defaults for the local services). */
export function endpointOf(url, fallbackPort) {
  const parsed = new URL(url);
  return { host: parsed.hostname || '127.0.0.1', port: Number(parsed.port) || fallbackPort };
}

export function canConnect(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** The local services' URLs for what the environment leaves unset, where the service listens. */
export async function withLocalServices(env) {
  const localDefaults = {
    DATABASE_URL: ['postgres://postgres@127.0.0.1:5432/postgres', 5432],
    AMQP_URL: ['amqp://guest:guest@127.0.0.1:5672', 5672],
    REDIS_URL: ['redis://127.0.0.1:6379', 6379],
  };
  const out = { ...env };
  for (const [name, [url, port]] of Object.entries(localDefaults)) {
    if (!out[name] && (await canConnect('127.0.0.1', port))) out[name] = url;
  }
  return out;
}
