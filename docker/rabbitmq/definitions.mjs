#!/usr/bin/env node
// RabbitMQ definitions for one broker user per app (named as the app), with the permissions of
// grants.json (generated from libs/messaging `brokerGrants`, checked by its spec). No
// dependencies: docker-compose runs it in a bare node image, `npm start` and the test stacks on
// the host.
//
//   node docker/rabbitmq/definitions.mjs [--out FILE | --apply] [--dev] [--any-namespace]
//                                        [--namespace NS] [--vhost /]
//
// Passwords come from MQ_PASSWORD_<APP> (GATEWAY, IDENTITY, WALLET_LEDGER, …), or with --dev the
// development ones (`dev-mq-<app>`, refused in production). --any-namespace lets the users use
// any test namespace's queues (`<namespace>.rpc.identity`); --namespace names the one whose shared
// exchanges (events, events.dlx, rpc) it declares and whose events and rpc exchanges get the topic
// permissions (RabbitMQ takes an exchange's name literally). --apply
// pipes the definitions into `$RABBITMQCTL import_definitions` (standard input) (default `rabbitmqctl`; e.g.
// `docker compose exec -T rabbitmq rabbitmqctl`).
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The grants of grants.json with a namespace prefix pattern in place of `{ns}`. */
export function brokerDefinitions({
  passwords,
  anyNamespace = false,
  namespace = '',
  vhost = '/',
}) {
  const grants = JSON.parse(readFileSync(path.join(here, 'grants.json'), 'utf8'));
  const prefix = anyNamespace ? '([a-z0-9_-]+\\.)?' : '';
  const named = (name) => (namespace ? `${namespace}.${name}` : name);
  const apps = Object.keys(grants);
  return {
    users: apps.map((app) => ({
      name: app,
      password_hash: passwordHash(passwords(app)),
      hashing_algorithm: 'rabbit_password_hashing_sha256',
      tags: [],
    })),
    vhosts: [{ name: vhost }],
    // The shared exchanges: declared here, since no app's user may configure them.
    exchanges: [
      ['events', 'topic'],
      ['events.dlx', 'direct'],
      ['rpc', 'topic'],
    ].map(([name, type]) => ({
      name: named(name),
      vhost,
      type,
      durable: true,
      auto_delete: false,
      internal: false,
      arguments: {},
    })),
    permissions: apps.map((app) => ({
      user: app,
      vhost,
      configure: grants[app].configure.replaceAll('{ns}', prefix),
      write: grants[app].write.replaceAll('{ns}', prefix),
      read: grants[app].read.replaceAll('{ns}', prefix),
    })),
    topic_permissions: apps.flatMap((app) => [
      {
        user: app,
        vhost,
        exchange: named('events'),
        write: grants[app].topicWrite,
        read: grants[app].topicRead,
      },
      {
        user: app,
        vhost,
        exchange: named('rpc'),
        write: grants[app].rpcTopicWrite,
        read: grants[app].rpcTopicRead,
      },
    ]),
  };
}

/** RabbitMQ's internal hash: base64(salt ‖ SHA-256(salt ‖ password)), a 4-byte salt. */
export function passwordHash(password) {
  const salt = randomBytes(4);
  const digest = createHash('sha256').update(Buffer.concat([salt, Buffer.from(password, 'utf8')]));
  return Buffer.concat([salt, digest.digest()]).toString('base64');
}

/** The development password of an app's broker user (docker/dev.env, npm start, the tests). */
export const devPassword = (app) => `dev-mq-${app}`;

/** Imports the definitions with rabbitmqctl; false (and why) when that is not possible here. */
export function applyDefinitions(
  definitions,
  rabbitmqctl = process.env.RABBITMQCTL || 'rabbitmqctl',
) {
  const [command, ...args] = rabbitmqctl.split(' ').filter(Boolean);
  const result = spawnSync(command, [...args, 'import_definitions'], {
    input: JSON.stringify(definitions),
    encoding: 'utf8',
  });
  if (result.error || result.status !== 0)
    return { ok: false, reason: String(result.error?.message ?? result.stderr).trim() };
  return { ok: true };
}

function main(argv) {
  const flag = (name) => argv.includes(name);
  const option = (name) => {
    const at = argv.indexOf(name);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const passwords = (app) => {
    if (flag('--dev')) return devPassword(app);
    const variable = `MQ_PASSWORD_${app.toUpperCase().replaceAll('-', '_')}`;
    const value = process.env[variable];
    if (!value) {
      console.error(`${variable} is not set (the broker password of ${app})`);
      process.exit(1);
    }
    return value;
  };
  const definitions = brokerDefinitions({
    passwords,
    anyNamespace: flag('--any-namespace'),
    namespace: option('--namespace') ?? '',
    vhost: option('--vhost') ?? '/',
  });
  if (flag('--apply')) {
    const applied = applyDefinitions(definitions);
    if (!applied.ok) {
      console.error(`rabbitmqctl import_definitions failed: ${applied.reason}`);
      process.exit(1);
    }
  } else if (option('--out')) writeFileSync(option('--out'), JSON.stringify(definitions, null, 2));
  else process.stdout.write(JSON.stringify(definitions, null, 2));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]))
  main(process.argv.slice(2));
