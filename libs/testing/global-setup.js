// Jest global setup: tests take PostgreSQL, RabbitMQ and Redis from DATABASE_URL, AMQP_URL and
// REDIS_URL (CI and machines with the services installed). When any is missing, it starts that
// service with testcontainers (needs a Docker engine) and exports its URL to the test workers.
module.exports = async function globalSetup() {
  const wanted = {
    DATABASE_URL: { image: 'postgres:16-alpine', port: 5432 },
    AMQP_URL: { image: 'rabbitmq:3.13-alpine', port: 5672 },
    REDIS_URL: { image: 'redis:7-alpine', port: 6379 },
  };
  const missing = Object.keys(wanted).filter((key) => !process.env[key]);
  if (missing.length === 0) return;
  const { GenericContainer, Wait } = require('testcontainers');
  globalThis.__TEST_CONTAINERS__ = [];
  for (const key of missing) {
    const { image, port } = wanted[key];
    let container = new GenericContainer(image).withExposedPorts(port);
    if (key === 'DATABASE_URL') {
      container = container
        .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
        .withWaitStrategy(Wait.forLogMessage(/ready to accept connections/, 2));
    } else if (key === 'AMQP_URL') {
      container = container.withWaitStrategy(Wait.forLogMessage(/Server startup complete/));
    }
    const started = await container.start();
    globalThis.__TEST_CONTAINERS__.push(started);
    const host = started.getHost();
    const mapped = started.getMappedPort(port);
    process.env[key] =
      key === 'DATABASE_URL'
        ? `postgres://postgres@${host}:${mapped}/postgres`
        : key === 'AMQP_URL'
          ? `amqp://guest:guest@${host}:${mapped}`
          : `redis://${host}:${mapped}`;
  }
};
