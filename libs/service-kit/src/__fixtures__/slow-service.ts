// A real service process with a slow RPC method, for the graceful-shutdown test.
import { runMain } from '../main';
import { startService } from '../service';

runMain(() =>
  startService({
    app: 'issuer',
    migrationsDir: '/nonexistent',
    rpcHandlers: () => ({
      'test.slow': async (params) => {
        process.stdout.write('handling\n');
        await new Promise((resolve) => setTimeout(resolve, Number((params as { ms: number }).ms)));
        return 'finished';
      },
    }),
  }),
);
