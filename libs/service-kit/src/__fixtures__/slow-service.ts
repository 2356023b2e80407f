// A real service process with a slow RPC method, for the graceful-shutdown test.
import { ISSUER_RPC } from '@custody/contracts';
import type { RpcHandlers } from '@custody/messaging';
import { runMain } from '../main';
import { startService } from '../service';

// One of issuer's methods (the gateway may call it) made slow: this fixture stands in for a
// service, not for issuer's table.
const slowOnly = {
  [ISSUER_RPC.listIssuers]: async (params: { ms: number }) => {
    process.stdout.write('handling\n');
    await new Promise((resolve) => setTimeout(resolve, Number(params.ms)));
    return 'finished';
  },
} as unknown as RpcHandlers<'issuer'>;

runMain(() =>
  startService({
    app: 'issuer',
    migrationsDir: '/nonexistent',
    compose: () => ({ rpcHandlers: slowOnly }),
  }),
);
