import type { GovernedOperation, TypedDataInput } from '@custody/contracts';
import {
  evmTypedDataDigest,
  grantLegs,
  type KnownContracts,
  PERMIT2,
  tokenAuthorization,
  UNKNOWN_TOKEN,
} from '@custody/intents';

/** Contracts whose typed data moves tokens whatever its shape: Uniswap's Permit2. */
const AUTHORIZERS: ReadonlySet<string> = new Set([PERMIT2]);

/**
 * A REQUEST activity as the policies weigh it (docs/decisions/issuer-interface.md, "Under
 * policy"): an `issuer-activity` of the issuer's tenant, whose legs name the issuer (`userId`)
 * and the issue (`walletId`); what its typed data grants where it grants something (a permit, a
 * mint voucher: a `spender` or `to` with a `value` or `amount`, read as a wallet's token
 * authorizations are), each grant in its token's units; otherwise one leg that moves nothing.
 * Its intent is the data's EIP-712 digest, which the decision names.
 */
export function governedActivity(
  activity: { id: string; tenantId: string; issuerId: string; issueId: string },
  typedData: TypedDataInput,
  tokens: KnownContracts['tokens'],
): GovernedOperation {
  const owner = { userId: activity.issuerId, walletId: activity.issueId };
  const grants = tokenAuthorization(typedData, { tokens, authorizers: AUTHORIZERS });
  return {
    activity: 'issuer-activity',
    operationId: activity.id,
    tenantId: activity.tenantId,
    legs: grants
      ? grantLegs(grants, tokens).map((leg) => ({ ...owner, ...leg }))
      : [{ ...owner, assetId: UNKNOWN_TOKEN, amount: '0' }],
    intent: { kind: 'evm-typed-data', digest: evmTypedDataDigest(typedData) },
  };
}
