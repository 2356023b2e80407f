import { getAddress, isAddress, parseUnits } from 'ethers';
import type { DecisionApproval, SignIntent } from '@custody/contracts';
import { dataHash, erc20TransferData } from '@custody/intents';
import { policyVersionOfApproval, requirementsOf } from '../approvals/approvals.rules';
import type { AdmissionBinding, AdmissionRow } from '../schema';
import type { ApprovalWithVotes } from './decisions.repository';

/** keccak-256 of empty call data. */
const EMPTY_DATA_HASH = dataHash('0x');

type TransferIntent = Extract<SignIntent, { kind: 'evm-transfer' }>;

/** What the catalog says of a withdrawal's asset. */
export interface AssetFacts {
  decimals: number;
  /** The contract of an ERC-20 asset on `chainId` (null: the chain's native coin). */
  contractAddress: string | null;
  chainId: string | null;
}

const sameAddress = (a: string, b: string) =>
  isAddress(a) && isAddress(b) && getAddress(a) === getAddress(b);

function units(amount: string, decimals: number): bigint | undefined {
  try {
    return parseUnits(amount, decimals);
  } catch {
    return undefined;
  }
}

/**
 * Why a withdrawal's transaction intent is not the admitted withdrawal (undefined: it is): its
 * asset, amount and recipient, the transaction that pays exactly that (the coin itself, or the
 * token contract's `transfer`), a gas top-up no larger than its own fee cap, and — after the
 * first decision — the same chain, address and nonce at a fee cap no higher.
 */
export function transferMismatch(
  admission: Pick<AdmissionRow, 'activity' | 'legs' | 'bound'>,
  intent: TransferIntent,
  asset: AssetFacts,
): string | undefined {
  const leg = admission.legs[0];
  if (admission.activity !== 'withdrawal' || !leg || admission.legs.length !== 1)
    return 'not a withdrawal';
  if (leg.assetId !== intent.assetId) return 'another asset';
  const amount = units(leg.amount, asset.decimals);
  if (amount === undefined || amount !== units(intent.amount, asset.decimals))
    return 'another amount';
  if (!leg.destination || !sameAddress(leg.destination, intent.recipient))
    return 'another recipient';
  const fee = BigInt(intent.maxFeePerGas) * BigInt(intent.gasLimit);
  if (asset.contractAddress === null) {
    if (!sameAddress(intent.to, intent.recipient) || BigInt(intent.value) !== amount)
      return 'another payment';
    if (intent.dataHash.toLowerCase() !== EMPTY_DATA_HASH || intent.topUp) return 'another payment';
  } else {
    const call = dataHash(erc20TransferData(getAddress(intent.recipient), amount));
    if (BigInt(intent.value) !== 0n || intent.dataHash.toLowerCase() !== call)
      return 'another payment';
    // The catalog's contract where the chain is the catalog's (a local chain deploys its own).
    if (asset.chainId === intent.chainId && !sameAddress(intent.to, asset.contractAddress))
      return 'another token';
    if (intent.topUp && BigInt(intent.topUp.maxValue) > fee) return 'a top-up above the fee';
  }
  const bound = admission.bound;
  if (
    bound &&
    (bound.chainId !== intent.chainId ||
      !sameAddress(bound.from, intent.from) ||
      bound.nonce !== intent.nonce ||
      BigInt(intent.maxFeePerGas) > BigInt(bound.maxFeePerGas))
  )
    return 'another nonce or a higher fee cap than its first decision';
  return undefined;
}

/** What a withdrawal's first decision fixes for every later one. */
export function bindingOf(intent: TransferIntent): AdmissionBinding {
  return {
    chainId: intent.chainId,
    from: intent.from,
    nonce: intent.nonce,
    maxFeePerGas: intent.maxFeePerGas,
  };
}

/** Whether two exact intents (a held signature's) name the same payload. */
export function sameExactIntent(held: SignIntent | null, asked: SignIntent): boolean {
  if (!held || held.kind !== asked.kind || held.kind === 'evm-transfer') return false;
  if (asked.kind === 'evm-transfer' || held.digest.toLowerCase() !== asked.digest.toLowerCase())
    return false;
  return held.kind !== 'evm-tx' || (asked.kind === 'evm-tx' && held.chainId === asked.chainId);
}

/**
 * The approval a decision carries: its votes with their signatures, and where a holding policy
 * asked for signed approvals what the signer needs to verify them itself — how many distinct
 * clients' signatures must verify (the largest quorum among the signed requirements) and the
 * policy version they signed (docs/decisions/signing-decisions.md).
 */
export function decisionApprovalOf(held: ApprovalWithVotes): DecisionApproval {
  const signedQuorum = Math.max(
    0,
    ...requirementsOf(held)
      .filter((r) => r.signed === true)
      .map((r) => r.quorum),
  );
  return {
    id: held.id,
    quorum: held.quorum,
    decisions: held.votes.map((v) => ({
      clientId: v.clientId,
      decision: v.decision,
      signature:
        v.credentialId !== null && v.signature !== null
          ? { credentialId: v.credentialId, signature: v.signature }
          : null,
    })),
    ...(signedQuorum > 0
      ? { signed: { quorum: signedQuorum, policyVersion: policyVersionOfApproval(held) } }
      : {}),
  };
}
