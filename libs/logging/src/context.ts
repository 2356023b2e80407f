import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line of one request carries, across HTTP and RabbitMQ hops. */
export interface RequestContext {
  requestId: string;
  tenantId?: string;
  clientId?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}
