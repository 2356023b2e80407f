import { IDENTITY_RPC, type AuthContext, type UserRefView } from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';

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
      rpc.call<UserRefView>(
        'identity',
        IDENTITY_RPC.getUserRef,
        { id },
        { auth, idempotent: true },
      ),
    ),
  );
  if (users.some((u) => u.blocked))
    throw Errors.forbidden('A blocked user cannot send.', 'user_blocked');
}
