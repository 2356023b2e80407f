import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAppServer, createHttpApp, finishHttpApp, type HttpAppOptions } from '@custody/http';
import type { Logger } from '@custody/logging';
import { mountOps, type OpsOptions } from '@custody/service-kit';

export interface OpsServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface OpsServerOptions extends OpsOptions {
  port: number;
  logger: Logger;
  /** Observes its responses too, as a service's ops server does. */
  onResponse: HttpAppOptions['onResponse'];
}

/**
 * The gateway's internal ops port (OPS_PORT): /healthz, the /readyz that names every check, and
 * /metrics, as each service serves them on its PORT. Nothing of the API is on it; compose
 * publishes it to no one (docs/decisions/deployment.md).
 */
export async function startOpsServer(options: OpsServerOptions): Promise<OpsServer> {
  const app = createHttpApp({ logger: options.logger, onResponse: options.onResponse });
  mountOps(app, options);
  finishHttpApp(app, options.logger);
  const server: Server = createAppServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Probes and scrapes are short: nothing in flight is worth waiting for.
      server.closeAllConnections();
      await closed;
    },
  };
}
