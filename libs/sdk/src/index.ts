export * from './portable.js';
// The audit export's verifier hashes and checks signatures with node:crypto: Node only.
export {
  AUDIT_CHECKPOINT_EVENT,
  AUDIT_GENESIS_HASH,
  AUDIT_PLATFORM_CHAIN,
  auditChainOf,
  auditCheckpointMessage,
  auditExportLines,
  auditPublicKey,
  auditRecordHash,
  auditRecordPreimage,
  verifyAuditCheckpoint,
  verifyAuditExport,
  type AuditChainRecord,
  type AuditChainSummary,
  type AuditCheckpoint,
  type AuditFault,
  type AuditProblem,
  type AuditPublicKey,
  type AuditPublicKeys,
  type AuditVerification,
  type AuditVerified,
} from './audit.js';
// Approvals as signatures: Ed25519 with node:crypto, Node only (passkeys' part is portable).
export {
  approvalDigest,
  approverEndorsementDigest,
  approverKeyRegistration,
  approverOf,
  approverPrivateKey,
  approverPublicKey,
  approverRegistrationDigest,
  newApproverKey,
  signApproval,
  signDigest,
} from './approvals.js';
// The README's example runs a local HTTP server for its webhooks: Node only.
export { readmeExample, type ExampleCredentials, type ExampleResult } from './example.js';
