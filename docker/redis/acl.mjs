#!/usr/bin/env node
// Redis ACL users, one per app that uses Redis, allowed the keys of keyspaces.json (generated
// from libs/contracts REDIS_KEYSPACES, checked by libs/config's spec) under the key prefix.
//
//   node docker/redis/acl.mjs --aclfile FILE [--prefix custody]
//       writes an ACL file for `redis-server --aclfile`: the apps' users with REDIS_PASSWORD_<APP>,
//       and the default user with REDIS_PASSWORD (operators, health checks).
//   node docker/redis/acl.mjs --apply REDIS_URL [--prefix P] [--user-prefix U] [--dev]
//       creates the users on a running Redis (ACL SETUSER, as REDIS_URL's user), named
//       `<U><app>`, with the development passwords (`dev-redis-<app>`) under --dev.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

export function keyspaces() {
  return JSON.parse(readFileSync(path.join(here, 'keyspaces.json'), 'utf8'));
}

/** The apps that use Redis. */
export function redisApps() {
  const spaces = keyspaces();
  return Object.keys(spaces).filter((app) => spaces[app].length > 0);
}

/**
 * An app's ACL rules, without its password: its keys, no pub/sub
 * channel, every command but the dangerous ones (FLUSHALL, KEYS, CONFIG, ACL, …); INFO is
 * back in, for the clients' ready checks.
 */
export function aclRules(app, prefix) {
  const space = keyspaces()[app];
  return [
    'on',
    'resetkeys',
    ...space.map((pattern) => `~${prefix}:${pattern}`),
    'resetchannels',
    '+@all',
    '-@dangerous',
    '+info',
  ];
}

export const devPassword = (app) => `dev-redis-${app}`;

const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

function option(argv, name) {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
}

function required(variable) {
  const value = process.env[variable];
  if (!value) {
    console.error(`${variable} is not set`);
    process.exit(1);
  }
  return value;
}

async function main(argv) {
  const prefix = option(argv, '--prefix') ?? 'custody';
  const aclfile = option(argv, '--aclfile');
  if (aclfile) {
    const lines = [`user default on #${sha256(required('REDIS_PASSWORD'))} ~* &* +@all`];
    for (const app of redisApps()) {
      const password = required(`REDIS_PASSWORD_${app.toUpperCase().replaceAll('-', '_')}`);
      lines.push(`user ${app} reset #${sha256(password)} ${aclRules(app, prefix).join(' ')}`);
    }
    writeFileSync(aclfile, `${lines.join('\n')}\n`);
    return;
  }
  const url = option(argv, '--apply');
  if (!url) {
    console.error('Use --aclfile FILE or --apply REDIS_URL');
    process.exit(1);
  }
  const { default: Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0 });
  const userPrefix = option(argv, '--user-prefix') ?? '';
  try {
    await redis.connect();
    for (const app of redisApps()) {
      const password = argv.includes('--dev')
        ? devPassword(app)
        : required(`REDIS_PASSWORD_${app.toUpperCase().replaceAll('-', '_')}`);
      await redis.call(
        'ACL',
        'SETUSER',
        `${userPrefix}${app}`,
        'reset',
        `>${password}`,
        ...aclRules(app, prefix),
      );
    }
  } finally {
    redis.disconnect();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]))
  main(process.argv.slice(2)).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
