import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { Redis } from 'ioredis';
import { APPS, REDIS_KEYSPACES, type AppName } from '@custody/contracts';
import { testServiceUrls, withLogin } from './services';

const ACL_SCRIPT = path.resolve(__dirname, '../../../docker/redis/acl.mjs');

/** The apps that use Redis (the others get no Redis user). */
export const REDIS_APPS = APPS.filter((app) => REDIS_KEYSPACES[app].length > 0);

/**
 * Gives every app that uses Redis its own ACL user for a test stack (docker/redis/acl.mjs, the
 * development passwords): named `<namespace>-<app>`, allowed that app's keys under the prefix
 * `namespace` only. `dropAppRedisUsers` removes them.
 */
export function grantAppRedisUsers(namespace: string): void {
  const result = spawnSync(
    process.execPath,
    [
      ACL_SCRIPT,
      '--apply',
      testServiceUrls().redisUrl,
      '--prefix',
      namespace,
      '--user-prefix',
      `${namespace}-`,
      '--dev',
    ],
    { encoding: 'utf8' },
  );
  if (result.status !== 0)
    throw new Error(`Creating the apps' Redis users failed: ${result.stderr || result.error}`);
}

/** The Redis URL an app of a test stack connects with (see grantAppRedisUsers). */
export function appRedisUrl(namespace: string, app: AppName): string {
  return withLogin(testServiceUrls().redisUrl, `${namespace}-${app}`, `dev-redis-${app}`);
}

export async function dropAppRedisUsers(namespace: string): Promise<void> {
  const redis = new Redis(testServiceUrls().redisUrl, { maxRetriesPerRequest: 1 });
  try {
    await redis.call('ACL', 'DELUSER', ...REDIS_APPS.map((app) => `${namespace}-${app}`));
  } finally {
    redis.disconnect();
  }
}
