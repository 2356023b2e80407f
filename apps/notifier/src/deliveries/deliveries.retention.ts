import type { RetentionRule } from '@custody/persistence';

/**
 * Finished deliveries (delivered, failed, dead, skipped) older than `days`, with their attempts,
 * in one statement per batch. Pending ones stay whatever their age: the dispatcher still owns
 * them. The event feed keeps the events themselves for replays (EVENTS_RETENTION_DAYS).
 */
export function finishedDeliveriesRetention(days: number): RetentionRule {
  return {
    name: 'deliveries',
    async deleteBatch(pool, batch) {
      const result = await pool.query(
        `WITH doomed AS (
           SELECT id FROM notifier.deliveries
            WHERE status <> 'pending' AND created_at < now() - make_interval(days => $1)
            ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED),
         attempts AS (
           DELETE FROM notifier.delivery_attempts WHERE delivery_id IN (SELECT id FROM doomed))
         DELETE FROM notifier.deliveries WHERE id IN (SELECT id FROM doomed)`,
        [days, batch],
      );
      return result.rowCount ?? 0;
    },
  };
}
