/**
 * Failpoints: named places where a test can make the process die abruptly (SIGKILL, no cleanup),
 * the way a crash or an OOM kill would. Enabled only through the FAILPOINTS environment variable
 * (comma-separated names), which no deployment sets; a disabled failpoint costs one Set lookup.
 */
const enabled = new Set(
  (process.env['FAILPOINTS'] ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean),
);

export const FAILPOINTS = {
  outboxAfterPublish: 'outbox.after-publish',
  consumerBeforeAck: 'consumer.before-ack',
} as const;

export function failpoint(name: string): void {
  if (enabled.has(name)) {
    process.stderr.write(`failpoint ${name} hit: killing process ${process.pid}\n`);
    process.kill(process.pid, 'SIGKILL');
  }
}
