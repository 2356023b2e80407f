import { ConfigError, configVariables, devSecretsInUse, loadConfig } from './index';

describe('loadConfig', () => {
  it('defaults to the local services on localhost', () => {
    const config = loadConfig('identity', {});
    expect(config.DATABASE_URL).toBe('postgres://localhost:5432/custody');
    expect(config.AMQP_URL).toBe('amqp://guest:guest@localhost:5672');
    expect(loadConfig('gateway', {}).REDIS_URL).toBe('redis://localhost:6379');
    expect(loadConfig('gateway', {}).PORT).toBe(3000);
  });

  it("refuses the console's api client id without its secret, and the reverse", () => {
    const secret = 'a-console-secret-of-some-length';
    expect(() => loadConfig('gateway', { CONSOLE_API_CLIENT_ID: 'console' })).toThrow(
      /CONSOLE_API_CLIENT_SECRET: Set together with CONSOLE_API_CLIENT_ID/,
    );
    expect(() => loadConfig('gateway', { CONSOLE_API_CLIENT_SECRET: secret })).toThrow(
      /CONSOLE_API_CLIENT_ID: Set together with CONSOLE_API_CLIENT_SECRET/,
    );
    expect(
      loadConfig('gateway', {
        CONSOLE_API_CLIENT_ID: 'console',
        CONSOLE_API_CLIENT_SECRET: secret,
      }),
    ).toMatchObject({ CONSOLE_API_CLIENT_ID: 'console', CONSOLE_API_CLIENT_SECRET: secret });
  });

  it("serves the gateway's operations on a port of their own, never its public one", () => {
    expect(loadConfig('gateway', {}).OPS_PORT).toBe(3100);
    expect(() => loadConfig('gateway', { PORT: '8080', OPS_PORT: '8080' })).toThrow(
      /OPS_PORT: Must differ from PORT/,
    );
    expect(() => loadConfig('gateway', { OPS_PORT: '70000' })).toThrow(/OPS_PORT/);
    // 0 on both: each gets a free port of its own (the tests).
    expect(loadConfig('gateway', { PORT: '0', OPS_PORT: '0' })).toMatchObject({
      PORT: 0,
      OPS_PORT: 0,
    });
  });

  it('coerces numbers and flags from strings', () => {
    const config = loadConfig('identity', {
      PORT: '0',
      RPC_TIMEOUT_MS: '250',
      MQ_QUORUM_QUEUES: 'true',
    });
    expect(config.PORT).toBe(0);
    expect(config.RPC_TIMEOUT_MS).toBe(250);
    expect(config.MQ_QUORUM_QUEUES).toBe(true);
  });

  it("ends a transaction idle past a minute, never before two RPC deadlines and the relay's wait, or never if told", () => {
    expect(loadConfig('wallet-ledger', {}).DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS).toBe(60_000);
    const refused =
      /DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: Must exceed twice RPC_TIMEOUT_MS and the relay's 30 s wait \((\d+) ms\)/;
    expect(() =>
      loadConfig('wallet-ledger', {
        DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '40000',
        RPC_TIMEOUT_MS: '20000',
      }),
    ).toThrow(refused);
    expect(() =>
      loadConfig('wallet-ledger', {
        DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '29000',
        RPC_TIMEOUT_MS: '2500',
      }),
    ).toThrow(/\(30000 ms\)/);
    expect(
      loadConfig('wallet-ledger', {
        DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '30001',
        RPC_TIMEOUT_MS: '2500',
      }).DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    ).toBe(30_001);
    expect(
      loadConfig('policy', { DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '0' })
        .DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    ).toBe(0);
  });

  it('declares quorum queues by default in production only, unless told otherwise', () => {
    expect(loadConfig('issuer', {}).MQ_QUORUM_QUEUES).toBe(false);
    expect(loadConfig('issuer', { NODE_ENV: 'test' }).MQ_QUORUM_QUEUES).toBe(false);
    const production = {
      NODE_ENV: 'production',
      AMQP_URL: 'amqp://issuer:s3cret-broker@rabbitmq:5672',
      DATABASE_URL: 'postgres://issuer:s3cret-db@postgres:5432/custody',
      RPC_PROOF_KEY: Buffer.alloc(32, 1).toString('base64url'),
      RPC_PROOF_PUBLIC_KEYS: `gateway=${Buffer.alloc(32, 2).toString('base64url')}`,
    };
    expect(loadConfig('issuer', production).MQ_QUORUM_QUEUES).toBe(true);
    // A broker still on classic queues, until its migration (docs/operations/quorum-queues.md).
    expect(
      loadConfig('issuer', { ...production, MQ_QUORUM_QUEUES: 'false' }).MQ_QUORUM_QUEUES,
    ).toBe(false);
  });

  it("reads wallet-ledger's authorizing contracts as lower-case addresses, refusing anything else", () => {
    expect(loadConfig('wallet-ledger', {}).TOKEN_AUTHORIZING_CONTRACTS).toEqual([]);
    const router = '0x00000000000000000000000000000000000E0c7E';
    const other = '0x00000000000000000000000000000000000070C3';
    expect(
      loadConfig('wallet-ledger', { TOKEN_AUTHORIZING_CONTRACTS: `${router},${other}` })
        .TOKEN_AUTHORIZING_CONTRACTS,
    ).toEqual([router.toLowerCase(), other.toLowerCase()]);
    for (const bad of ['0x1234', `${router},`, `${router} ${other}`, 'permit2'])
      expect(() => loadConfig('wallet-ledger', { TOKEN_AUTHORIZING_CONTRACTS: bad })).toThrow(
        /TOKEN_AUTHORIZING_CONTRACTS: 0xAddress,…/,
      );
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig('identity', { DATABASE_URL: '' }).DATABASE_URL).toBe(
      'postgres://localhost:5432/custody',
    );
  });

  it('names every bad variable in the error', () => {
    let error: unknown;
    try {
      loadConfig('identity', { DATABASE_URL: 'mysql://x', PORT: 'eighty', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variables.sort()).toEqual(['DATABASE_URL', 'LOG_LEVEL', 'PORT']);
    expect((error as ConfigError).message).toContain('DATABASE_URL: Must be a URL with protocol');
  });

  it('lists the variables an app reads', () => {
    expect(configVariables('notifier')).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'AMQP_URL', 'REDIS_URL', 'PORT']),
    );
    expect(configVariables('gateway')).not.toContain('DATABASE_URL');
  });
});

describe('development secrets', () => {
  it('are the defaults in development and reported as such', () => {
    const config = loadConfig('identity', {});
    expect(devSecretsInUse(config)).toEqual(
      expect.arrayContaining(['IDENTITY_ENCRYPTION_KEY', 'BOOTSTRAP_ADMIN_PASSWORD']),
    );
  });

  it('refuse to start in production, naming each default still in use', () => {
    let error: unknown;
    try {
      loadConfig('identity', {
        NODE_ENV: 'production',
        BOOTSTRAP_ADMIN_PASSWORD: 'a-real-long-password',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variables).toContain('IDENTITY_ENCRYPTION_KEY');
    expect((error as ConfigError).variables).not.toContain('BOOTSTRAP_ADMIN_PASSWORD');
  });

  it('refuse default or guest credentials of the broker, the database and Redis in production', () => {
    const strong = {
      NODE_ENV: 'production',
      IDENTITY_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      BOOTSTRAP_ADMIN_EMAIL: 'ops@example.com',
      BOOTSTRAP_ADMIN_PASSWORD: 'a-real-long-password',
      BOOTSTRAP_API_CLIENT_ID: 'ops-console',
      BOOTSTRAP_API_CLIENT_SECRET: 'a-real-long-api-client-secret',
      AMQP_URL: 'amqp://identity:s3cret-broker@rabbitmq:5672',
      DATABASE_URL: 'postgres://identity:s3cret-db@postgres:5432/custody',
      REDIS_URL: 'redis://identity:s3cret-redis@redis:6379',
      RPC_PROOF_KEY: Buffer.alloc(32, 1).toString('base64url'),
      RPC_PROOF_PUBLIC_KEYS: `gateway=${Buffer.alloc(32, 2).toString('base64url')}`,
      AUDIT_CHECKPOINT_KEY: `a1:${Buffer.alloc(32, 3).toString('base64url')}`,
    };
    expect(() => loadConfig('identity', strong)).not.toThrow();
    const refused = (change: Record<string, string>) => {
      try {
        loadConfig('identity', { ...strong, ...change });
      } catch (error) {
        return (error as ConfigError).variables;
      }
      return [];
    };
    expect(refused({ AMQP_URL: 'amqp://guest:guest@rabbitmq:5672' })).toEqual(['AMQP_URL']);
    expect(refused({ AMQP_URL: 'amqp://rabbitmq:5672' })).toEqual(['AMQP_URL']);
    expect(refused({ AMQP_URL: 'amqp://identity:dev-mq-identity@rabbitmq:5672' })).toEqual([
      'AMQP_URL',
    ]);
    expect(refused({ DATABASE_URL: 'postgres://custody:custody@postgres:5432/custody' })).toEqual([
      'DATABASE_URL',
    ]);
    expect(refused({ DATABASE_URL: 'postgres://identity@postgres:5432/custody' })).toEqual([
      'DATABASE_URL',
    ]);
    expect(refused({ REDIS_URL: 'redis://redis:6379' })).toEqual(['REDIS_URL']);
    // The RPC proof keys are named, and the key is not the development one.
    expect(refused({ RPC_PROOF_KEY: '' })).toEqual(['RPC_PROOF_KEY']);
    // The audit checkpoints' key is named; the audit schema owner's login has a real password.
    expect(refused({ AUDIT_CHECKPOINT_KEY: '' })).toEqual(['AUDIT_CHECKPOINT_KEY']);
    expect(
      refused({
        AUDIT_MIGRATION_DATABASE_URL: 'postgres://audit_owner:dev-pg-audit_owner@postgres/custody',
      }),
    ).toEqual(['AUDIT_MIGRATION_DATABASE_URL']);
    // A malformed %-sequence in a password is no default, and no crash.
    expect(refused({ DATABASE_URL: 'postgres://identity:%zz-pw@postgres:5432/custody' })).toEqual(
      [],
    );
    // Development keeps today's local defaults.
    expect(() =>
      loadConfig('identity', { AMQP_URL: 'amqp://guest:guest@localhost:5672' }),
    ).not.toThrow();
  });
});
