// Moves a deployment's classic queues to quorum queues of the same names, in place, without
// losing a message (docs/operations/quorum-queues.md). Stop every app first; start them again
// with MQ_QUORUM_QUEUES=true (production's default) once it is done.
//
//   npm run broker:quorum-queues -- [--amqp <url>] [--namespace <ns>] [--dry-run]
//
// Defaults: AMQP_URL, MQ_NAMESPACE (empty in production). The login must configure, write and
// read every queue of the deployment and carry the `impersonator` tag (the messages keep their
// publishers' user-ids). Refuses while a queue has a consumer; run it again after a failure: it
// finishes what an earlier run left. Prints one JSON line: what it moved and what it skipped.
import { createLogger } from '@custody/logging';
import { migrateToQuorumQueues } from '@custody/messaging';

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

async function main(): Promise<void> {
  const url = option('amqp') ?? process.env['AMQP_URL'];
  if (!url) throw new Error('Name the broker: --amqp <url> or AMQP_URL');
  const report = await migrateToQuorumQueues({
    url,
    namespace: option('namespace') ?? process.env['MQ_NAMESPACE'] ?? '',
    dryRun: process.argv.includes('--dry-run'),
    logger: createLogger({ service: 'quorum-queues', level: 'info' }),
  });
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
