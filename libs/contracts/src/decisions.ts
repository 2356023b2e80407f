/**
 * What one policy decision lets the signer sign (docs/decisions/signing-decisions.md). The
 * signer computes the same facts from the payload it is given and signs only on a match.
 */
export type SignIntent =
  /** An EIP-191 message: its `hashMessage` digest. */
  | { kind: 'evm-message'; digest: string }
  /** EIP-712 data: its `TypedDataEncoder.hash` digest (the root `value.primaryType` picks). */
  | { kind: 'evm-typed-data'; digest: string }
  /** A client's EVM transaction, exactly: the keccak-256 of its unsigned serialization. */
  | { kind: 'evm-tx'; chainId: string; digest: string }
  /** A client's Qubic transaction, exactly (`qubicDigest`). */
  | { kind: 'qubic-tx'; digest: string }
  /**
   * A withdrawal the chain sender builds. Its transaction goes from `from` to `to` with `value`
   * and data of keccak-256 `dataHash` at `nonce`, paying at most `maxFeePerGas` per gas for at
   * most `gasLimit` gas: a same-nonce replacement within the cap, or a zero-value cancel to
   * `from` itself, needs no new decision. `assetId`, `amount` and `recipient` are what it means
   * (the policy service checked them against the operation it admitted). `topUp`: the gas
   * station may send `from` at most `maxValue` wei of gas, once per decision (a decision asked
   * again allows another: gas to a custody address, docs/decisions/signing-decisions.md).
   */
  | {
      kind: 'evm-transfer';
      chainId: string;
      from: string;
      to: string;
      value: string;
      dataHash: string;
      nonce: number;
      maxFeePerGas: string;
      gasLimit: string;
      assetId: string;
      amount: string;
      recipient: string;
      topUp?: { maxValue: string };
    };

export type SignIntentKind = SignIntent['kind'];

/** An approver's signature of an approval's digest, with the credential that made it. */
export interface ApprovalSignature {
  credentialId: string;
  /**
   * Ed25519: the signature, base64url. A passkey: its WebAuthn assertion over the digest, as
   * `authenticatorData.clientDataJSON.signature` (each base64url; libs/intents `webauthnSignature`).
   */
  signature: string;
}

/** One approver's decision on the approval a decision carries; `signature` is the approver's own. */
export interface DecisionApprovalVote {
  clientId: string;
  decision: 'approve' | 'reject';
  /**
   * The approver's signature of the approval's digest, with its credential (null: the vote was
   * not signed). The signer verifies it against its own registry of approver credentials.
   */
  signature: ApprovalSignature | null;
}

/** The approval that held the operation: its id, the quorum that let it run, and its votes. */
export interface DecisionApproval {
  id: string;
  quorum: number;
  decisions: DecisionApprovalVote[];
  /**
   * Present when a holding policy asks for signed approvals: the signer refuses the decision
   * unless at least `quorum` distinct clients' approve votes carry signatures that verify, by
   * credentials of its own registry, over the approval digest it recomputes from these claims
   * (the operation from the intent and owner, `policyVersion` from here).
   */
  signed?: { quorum: number; policyVersion: string };
}

/**
 * The activities a decision is signed for: the governed ones (policy's `GovernedActivity`, which
 * the policy service signs as they are, so a new one fails to compile until it is listed here),
 * an issuer's own signatures among them. A purchase uses no key: no decision names one.
 */
export type DecisionActivity =
  'withdrawal' | 'transfer' | 'sign-tx' | 'sign-message' | 'sign-typed-data' | 'issuer-activity';

/** What a policy decision says, signed by the policy service (a JWS, `SignedDecision`). */
export interface DecisionClaims {
  v: 1;
  decisionId: string;
  tenantId: string;
  activity: DecisionActivity;
  /** The key owner it lets sign: a wallet id, or `issuer:<id>`. */
  owner: string;
  /** The operation it was decided for (withdrawal, signature, issuer activity). */
  operationId: string;
  intent: SignIntent;
  approval: DecisionApproval | null;
  /** Epoch ms. */
  issuedAt: number;
  expiresAt: number;
}

/**
 * A policy decision as it travels: a compact JWS (EdDSA) whose payload is `DecisionClaims` and
 * whose header names the policy service's key (`kid`).
 */
export type SignedDecision = string;

/**
 * How long a decision may be used. Short, so that a database restored from before a signature
 * cannot use the decision of that signature again (the signer's memory of used decisions may be
 * older than the decision is valid).
 */
export const DECISION_TTL_MS = 300_000;

/** The gas station's key owner: it signs only top-ups named by a withdrawal's decision. */
export const GAS_STATION_OWNER = 'system:gas-station';
