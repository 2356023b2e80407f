import { MAX_VELOCITY_WINDOW_MS } from '@custody/contracts';
import type { Database } from '@custody/persistence';
import * as repo from './approvals.repository';

/** Counted operations forgotten per sweep statement. */
const SWEEP_BATCH = 100;

/**
 * The sweep's second half: counted operations older than the longest velocity window can no
 * longer reach any window's sum, and are forgotten.
 */
export class PruneVelocityUsage {
  constructor(private readonly db: Database) {}

  /** Forgets counted operations past the longest window, a batch; answers how many. */
  async prune(now = new Date()): Promise<number> {
    return repo.pruneUsage(this.db, new Date(now.getTime() - MAX_VELOCITY_WINDOW_MS), SWEEP_BATCH);
  }
}
