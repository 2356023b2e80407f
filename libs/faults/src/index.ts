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
  /** Not a crash: a pipelined transaction's connection cut right after its COMMIT went out. */
  dbCutAfterCommitSent: 'db.cut-after-commit-sent',
} as const;

const fired = new Set<string>();

/**
 * For faults other than a crash (a connection cut, say): true the first time `name` is reached
 * in a process where it is enabled, and the caller injects the fault itself.
 */
export function faultOnce(name: string): boolean {
  if (!enabled.has(name) || fired.has(name)) return false;
  fired.add(name);
  process.stderr.write(`fault ${name} injected in process ${process.pid}\n`);
  return true;
}

export function failpoint(name: string): void {
  if (enabled.has(name)) {
    process.stderr.write(`failpoint ${name} hit: killing process ${process.pid}\n`);
    process.kill(process.pid, 'SIGKILL');
  }
}
