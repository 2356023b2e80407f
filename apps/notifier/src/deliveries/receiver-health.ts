import type { Logger } from '@custody/logging';
import type { Database } from '@custody/persistence';
import type { Channels } from '../channels/channels';
import type { ReceiverRow } from '../schema';
import {
  clearReceiverFailing,
  disableReceiver,
  markReceiverFailing,
} from './deliveries.repository';

/**
 * The receiver-disable rule: a receiver that keeps failing without a success for
 * RECEIVER_DISABLE_AFTER_HOURS is disabled (its deliveries are skipped until its owner updates
 * it), and its owner is told by e-mail.
 */
export class ReceiverHealth {
  constructor(
    private readonly db: Database,
    private readonly channels: Channels,
    private readonly disableAfterHours: number,
    private readonly logger: Logger,
  ) {}

  /** A delivery went through: the receiver's failing streak, if any, ends. */
  async succeeded(receiver: ReceiverRow): Promise<void> {
    if (receiver.failingSince) await clearReceiverFailing(this.db, receiver.id);
  }

  /** A delivery failed: the streak starts, or, too long already, the receiver is disabled. */
  async failed(receiver: ReceiverRow): Promise<void> {
    if (!receiver.failingSince) {
      await markReceiverFailing(this.db, receiver.id);
      return;
    }
    const limitMs = this.disableAfterHours * 3_600_000;
    if (Date.now() - receiver.failingSince.getTime() < limitMs) return;
    const disabled = await disableReceiver(this.db, receiver.id);
    if (!disabled) return;
    this.logger.warn({ receiverId: receiver.id }, 'receiver disabled after failing for too long');
    if (receiver.email) {
      await this.channels
        .notifyOwner(
          receiver.email,
          `Your receiver ${receiver.id} has been failing since ${receiver.failingSince.toISOString()} and was disabled. Update it to enable it again.`,
        )
        .catch((err: unknown) => this.logger.warn({ err }, 'could not e-mail the receiver owner'));
    }
  }
}
