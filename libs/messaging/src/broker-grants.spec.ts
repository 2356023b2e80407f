import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  APPS,
  RPC_ACCESS,
  SERVICES,
  servicesCalledBy,
  type MethodAccess,
} from '@custody/contracts';
import { brokerGrants } from './broker-grants';

const GRANTS_FILE = path.resolve(__dirname, '../../../docker/rabbitmq/grants.json');

/** A grant's pattern as RabbitMQ applies it: `{ns}` replaced by the namespace pattern. */
const matches = (pattern: string, name: string, ns = '') =>
  new RegExp(pattern.replaceAll('{ns}', ns)).test(name);

describe('broker grants', () => {
  const grants = brokerGrants();

  it('are what docker/rabbitmq/grants.json ships (UPDATE_BROKER_GRANTS=1 rewrites it)', () => {
    const expected = `${JSON.stringify(grants, null, 2)}\n`;
    if (process.env['UPDATE_BROKER_GRANTS'] === '1') writeFileSync(GRANTS_FILE, expected);
    expect(readFileSync(GRANTS_FILE, 'utf8')).toBe(expected);
  });

  it("let an app declare and consume its own RPC queue, never another app's", () => {
    expect(matches(grants.signing.configure, 'rpc.signing')).toBe(true);
    expect(matches(grants.signing.read, 'rpc.signing')).toBe(true);
    expect(matches(grants.notifier.configure, 'rpc.identity')).toBe(false);
    expect(matches(grants.notifier.read, 'rpc.identity')).toBe(false);
    expect(matches(grants.notifier.read, 'rpc.signing')).toBe(false);
    expect(matches(grants.gateway.read, 'rpc.identity')).toBe(false);
  });

  it('let every app read its direct replies, and only services answer through the default exchange', () => {
    for (const grant of Object.values(grants))
      expect(matches(grant.read, 'amq.rabbitmq.reply-to')).toBe(true);
    for (const service of SERVICES)
      expect(matches(grants[service].write, 'amq.default')).toBe(true);
    // The gateway serves no RPC: it cannot reach any queue by name.
    expect(matches(grants.gateway.write, 'amq.default')).toBe(false);
    expect(matches(grants.gateway.write, 'rpc.identity')).toBe(false);
  });

  it('let an app publish RPC requests only to the services its contract lets it call', () => {
    for (const app of APPS) {
      for (const service of SERVICES) {
        const calls = Object.values<MethodAccess>(RPC_ACCESS[service]).some((access) =>
          access.callers.includes(app),
        );
        expect([app, service, matches(grants[app].rpcTopicWrite, service)]).toEqual([
          app,
          service,
          calls,
        ]);
      }
      expect(matches(grants[app].write, 'rpc')).toBe(servicesCalledBy(app).length > 0);
    }
    // The notifier calls no one; the issuer only identity and signing.
    expect(grants.notifier.rpcTopicWrite).toBe('^$');
    expect(matches(grants.issuer.rpcTopicWrite, 'signing')).toBe(true);
    expect(matches(grants.issuer.rpcTopicWrite, 'wallet-ledger')).toBe(false);
    expect(matches(grants.signing.write, 'rpc')).toBe(false);
  });

  it('let a service bind the RPC exchange to its own name only', () => {
    for (const service of SERVICES)
      for (const other of SERVICES)
        expect([service, other, matches(grants[service].rpcTopicRead, other)]).toEqual([
          service,
          other,
          service === other,
        ]);
    expect(grants.gateway.rpcTopicRead).toBe('^$');
  });

  it('let no app configure (delete, re-declare) the shared exchanges', () => {
    for (const grant of Object.values(grants))
      for (const exchange of ['events', 'events.dlx', 'rpc', 'amq.default'])
        expect(matches(grant.configure, exchange)).toBe(false);
  });

  it('let only the publisher of an event publish its name', () => {
    expect(matches(grants['wallet-ledger'].topicWrite, 'income.is-confirmed')).toBe(true);
    expect(matches(grants.notifier.topicWrite, 'income.is-confirmed')).toBe(false);
    expect(matches(grants.trading.topicWrite, 'income.is-confirmed')).toBe(false);
    expect(matches(grants.gateway.topicWrite, 'audit.batch-is-recorded')).toBe(true);
    expect(matches(grants.identity.topicWrite, 'audit.batch-is-recorded')).toBe(false);
    expect(matches(grants.signing.topicWrite, 'anything')).toBe(false);
  });

  it('let a consumer bind only the names it consumes', () => {
    expect(matches(grants.identity.topicRead, 'audit.batch-is-recorded')).toBe(true);
    expect(matches(grants.notifier.topicRead, 'audit.batch-is-recorded')).toBe(false);
    expect(matches(grants['wallet-ledger'].topicRead, 'user.is-updated')).toBe(true);
    expect(matches(grants['wallet-ledger'].topicRead, 'withdrawal.is-created')).toBe(false);
  });

  it('apply to the namespaced names of a test stack', () => {
    const ns = '([a-z0-9_-]+\\.)?';
    expect(matches(grants.identity.configure, 'e1x2.rpc.identity', ns)).toBe(true);
    expect(matches(grants.identity.configure, 'e1x2.identity.events.dlq', ns)).toBe(true);
    expect(matches(grants.identity.configure, 'e1x2.rpc.signing', ns)).toBe(false);
  });
});
