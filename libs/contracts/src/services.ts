/**
 * The backend services reachable over RPC. The gateway is not one of them: it is the caller.
 * DO NOT RENAME: each name is part of a durable RabbitMQ queue name (`rpc.<service>`) and of the
 * event queue (`<service>.events`); renaming strands messages in the old queues.
 */
export const SERVICES = [
  'identity',
  'wallet-ledger',
  'trading',
  'signing',
  'issuer',
  'notifier',
  'policy',
] as const;

export type ServiceName = (typeof SERVICES)[number];

/** Every deployable app, the gateway included. */
export const APPS = ['gateway', ...SERVICES] as const;
export type AppName = (typeof APPS)[number];

/** The PostgreSQL schema each service owns; no service queries another one's schema. */
export const DB_SCHEMAS: Record<ServiceName, string> = {
  identity: 'identity',
  'wallet-ledger': 'ledger',
  trading: 'trading',
  signing: 'signing',
  issuer: 'issuer',
  notifier: 'notifier',
  policy: 'policy',
};

export function isServiceName(value: string): value is ServiceName {
  return (SERVICES as readonly string[]).includes(value);
}
