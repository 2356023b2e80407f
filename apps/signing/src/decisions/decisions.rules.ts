import { z } from 'zod';
import {
  DECISION_TTL_MS,
  type DecisionClaims,
  GAS_STATION_OWNER,
  issuerKeyOwner,
  MAX_APPROVER_SIGNATURE_LENGTH,
  type SignIntent,
} from '@custody/contracts';
import type { DecisionPart } from './decisions.repository';

/** The claims a decision token must carry; anything else is `malformed`. */
const hex = z.string().regex(/^0x[0-9a-fA-F]*$/);
const whole = z.string().regex(/^\d+$/);
const intentSchema: z.ZodType<SignIntent> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('evm-message'), digest: hex }),
  z.object({ kind: z.literal('evm-typed-data'), digest: hex }),
  z.object({ kind: z.literal('evm-tx'), chainId: whole, digest: hex }),
  z.object({ kind: z.literal('qubic-tx'), digest: hex }),
  z.object({
    kind: z.literal('evm-transfer'),
    chainId: whole,
    from: hex,
    to: hex,
    value: whole,
    dataHash: hex,
    nonce: z.number().int().nonnegative(),
    maxFeePerGas: whole,
    gasLimit: whole,
    assetId: z.string(),
    amount: z.string(),
    recipient: z.string(),
    topUp: z.object({ maxValue: whole }).optional(),
  }),
]);
const claimsSchema: z.ZodType<DecisionClaims> = z.object({
  v: z.literal(1),
  decisionId: z.string().uuid(),
  tenantId: z.string().min(1),
  activity: z.enum([
    'withdrawal',
    'transfer',
    'sign-tx',
    'sign-message',
    'sign-typed-data',
    'issuer-activity',
  ]),
  owner: z.string().min(1),
  operationId: z.string().min(1),
  intent: intentSchema,
  approval: z
    .object({
      id: z.string(),
      quorum: z.number().int(),
      decisions: z.array(
        z.object({
          clientId: z.string(),
          decision: z.enum(['approve', 'reject']),
          signature: z
            .object({
              credentialId: z.string().uuid(),
              signature: z.string().max(MAX_APPROVER_SIGNATURE_LENGTH),
            })
            .nullable(),
        }),
      ),
      signed: z.object({ quorum: z.number().int(), policyVersion: z.string().max(128) }).optional(),
    })
    .nullable(),
  issuedAt: z.number(),
  expiresAt: z.number(),
});

export function parseClaims(value: unknown): DecisionClaims | undefined {
  const parsed = claimsSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** What the signer was asked to sign, computed from the payload (libs/intents). */
export type SignPayload =
  | { kind: 'evm-message' | 'evm-typed-data' | 'qubic-tx'; digest: string }
  | {
      kind: 'evm-tx';
      digest: string;
      chainId: bigint;
      to: string | null;
      value: bigint;
      dataHash: string;
      nonce: number;
      maxFeePerGas: bigint;
      gasLimit: bigint;
    };

export interface SignAttempt {
  caller: string | undefined;
  key: { ownerId: string; address: string; tenantId: string | null };
  payload: SignPayload;
}

/** Why a decision does not let this signature be made. */
export type DecisionFault =
  | 'malformed'
  | 'unknown_key'
  | 'bad_signature'
  | 'expired'
  | 'other_owner'
  | 'other_tenant'
  | 'other_payload'
  | 'over_fee_cap'
  /** Fewer approvers' signatures verify by the signer's own registry than the quorum. */
  | 'approval_signatures';

/** The part of a decision a signature uses, and the nonce it binds (null: used once). */
export interface DecisionUse {
  part: DecisionPart;
  nonce: number | null;
}

const same = (a: string | null | undefined, b: string | null | undefined) =>
  a != null && b != null && a.toLowerCase() === b.toLowerCase();

/** keccak-256 of empty call data. */
export const EMPTY_DATA_HASH = '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470';

/**
 * Whether `claims` let this signature be made (docs/decisions/signing-decisions.md): in time,
 * for this key's owner and tenant, and for exactly this payload — a withdrawal's transaction
 * also as a same-nonce replacement or a zero-value cancel within its fee cap, and the gas
 * station's top-up it names. Whether the decision was used before is the caller's to check with
 * the returned use.
 */
export function judgeDecision(
  claims: DecisionClaims,
  attempt: SignAttempt,
  now: number,
): { use: DecisionUse } | { fault: DecisionFault } {
  // A decision claiming a longer life than any the policy service signs is not one of its own.
  if (now >= claims.expiresAt || claims.expiresAt - claims.issuedAt > DECISION_TTL_MS)
    return { fault: 'expired' };
  const { key, payload } = attempt;
  const intent = claims.intent;
  // An issuer's key is used for an issuer's own activity only, and no other key for one.
  const issuerKey = key.ownerId.startsWith(issuerKeyOwner(''));
  if (issuerKey !== (claims.activity === 'issuer-activity')) return { fault: 'other_owner' };
  if (key.ownerId === GAS_STATION_OWNER) return topUp(claims, intent, payload);
  if (claims.owner !== key.ownerId) return { fault: 'other_owner' };
  if (key.tenantId !== null && key.tenantId !== claims.tenantId) return { fault: 'other_tenant' };
  if (intent.kind === 'evm-transfer') return transfer(intent, key.address, payload);
  if (intent.kind !== payload.kind || !same(intent.digest, payload.digest))
    return { fault: 'other_payload' };
  if (
    intent.kind === 'evm-tx' &&
    payload.kind === 'evm-tx' &&
    BigInt(intent.chainId) !== payload.chainId
  )
    return { fault: 'other_payload' };
  return { use: { part: 'key', nonce: null } };
}

/** A withdrawal's own transaction: as decided, or its cancel, at its nonce, within its caps. */
function transfer(
  intent: Extract<SignIntent, { kind: 'evm-transfer' }>,
  address: string,
  payload: SignPayload,
): { use: DecisionUse } | { fault: DecisionFault } {
  if (payload.kind !== 'evm-tx') return { fault: 'other_payload' };
  if (
    !same(intent.from, address) ||
    BigInt(intent.chainId) !== payload.chainId ||
    payload.nonce !== intent.nonce
  )
    return { fault: 'other_payload' };
  const asDecided =
    same(payload.to, intent.to) &&
    payload.value === BigInt(intent.value) &&
    same(payload.dataHash, intent.dataHash);
  const cancel =
    same(payload.to, intent.from) &&
    payload.value === 0n &&
    same(payload.dataHash, EMPTY_DATA_HASH);
  if (!asDecided && !cancel) return { fault: 'other_payload' };
  if (
    payload.maxFeePerGas > BigInt(intent.maxFeePerGas) ||
    payload.gasLimit > BigInt(intent.gasLimit)
  )
    return { fault: 'over_fee_cap' };
  return { use: { part: 'key', nonce: intent.nonce } };
}

/** The gas station's top-up of a withdrawal's address: named by its decision, within its caps. */
function topUp(
  claims: DecisionClaims,
  intent: SignIntent,
  payload: SignPayload,
): { use: DecisionUse } | { fault: DecisionFault } {
  if (intent.kind !== 'evm-transfer' || !intent.topUp || claims.activity !== 'withdrawal')
    return { fault: 'other_owner' };
  if (
    payload.kind !== 'evm-tx' ||
    BigInt(intent.chainId) !== payload.chainId ||
    !same(payload.to, intent.from) ||
    !same(payload.dataHash, EMPTY_DATA_HASH)
  )
    return { fault: 'other_payload' };
  if (
    payload.value > BigInt(intent.topUp.maxValue) ||
    payload.maxFeePerGas > BigInt(intent.maxFeePerGas)
  )
    return { fault: 'over_fee_cap' };
  return { use: { part: 'top-up', nonce: payload.nonce } };
}
