import { sql } from 'drizzle-orm';
import { IDENTITY_RPC, type AuthContext } from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';
import type { Transaction } from '@custody/persistence';
import { userRefLockKey } from './user-events';

/**
 * Refuses (403) when any of these users is blocked. Identity is asked, not the local copy of users:
 * a block must stop money on the very next request, not when its event arrives.
 */
export async function assertMaySend(
  rpc: RpcClient,
  auth: AuthContext,
  userIds: string[],
): Promise<void> {
  const users = await Promise.all(
    [...new Set(userIds)].map((id) =>
      rpc.call('identity', IDENTITY_RPC.getUserRef, { id }, { auth, idempotent: true }),
    ),
  );
  if (users.some((u) => u.blocked))
    throw Errors.forbidden('A blocked user cannot send.', 'user_blocked');
}

/**
 * The check transfers make, in the caller's transaction: the user's advisory lock (shared), then
 * wallet-ledger's copy of the user. A block writes that copy under the same lock, taken
 * exclusively, before identity commits it (`applyBlock`). So a command that runs this either
 * commits before the block is answered, or sees the block. Identity's answer (`assertMaySend`)
 * comes before the transaction and cannot tell a block committed in between. A user missing
 * from the copy (its event not landed yet) passes: identity answered for it.
 */
export async function assertNotBlockedInCopy(
  tx: Transaction,
  userId: string,
  action: 'send' | 'trade' = 'send',
): Promise<void> {
  // The read is a statement of its own: its snapshot is taken after the lock was granted.
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock_shared(${userRefLockKey(sql`${userId}::uuid`)})`,
  );
  const { rows } = await tx.execute(
    sql`SELECT blocked FROM ledger.user_refs WHERE id = ${userId} AND deleted_at IS NULL`,
  );
  if ((rows[0] as { blocked?: boolean } | undefined)?.blocked)
    throw Errors.forbidden(`A blocked user cannot ${action}.`, 'user_blocked');
}
