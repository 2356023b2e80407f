import { ConfigError, configVariables, devSecretsInUse, loadConfig } from './index';

describe('loadConfig', () => {
  it('defaults to the local services of DESIGN §9', () => {
    const config = loadConfig('identity', {});
    expect(config.DATABASE_URL).toBe('postgres://localhost:5432/custody');
    expect(config.AMQP_URL).toBe('amqp://guest:guest@localhost:5672');
    expect(loadConfig('gateway', {}).REDIS_URL).toBe('redis://localhost:6379');
    expect(loadConfig('gateway', {}).PORT).toBe(3000);
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
});
