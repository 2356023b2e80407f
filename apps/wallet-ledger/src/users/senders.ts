import { IDENTITY_RPC, type AuthContext } from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';
import type { Transaction } from '@custody/persistence';
import { lockAndReadBlocked } from './users.repository';

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
  if (await lockAndReadBlocked(tx, userId))
    throw Errors.forbidden(`A blocked user cannot ${action}.`, 'user_blocked');
}
