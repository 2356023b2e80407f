import path from 'node:path';
import { ConfigError } from '@custody/config';
import { checkRelyingParty, decisionVerifierKeys } from '@custody/intents';
import type { ServiceDefinition, ServiceDeps, ServiceParts } from '@custody/service-kit';
import { ApproverRegistry } from './approvers/approver-registry';
import { EvmSigner } from './chains/evm-signer';
import { QubicSigner } from './chains/qubic-signer';
import { DecidedSigner } from './decisions/decided-signer';
import { DecisionGate } from './decisions/decision-gate';
import { decisionUsesRetention } from './decisions/decisions.repository';
import { KeyIndex } from './keys/key-index';
import { KeysService } from './keys/keys.service';
import { openSeedVault } from './keystore/open-seed-vault';
import { rpcHandlers } from './signing.rpc';

/**
 * Builds the signers over the seed vault (the PKCS#11 token), the key registry, and the decision
 * gate before them.
 */
async function compose(deps: ServiceDeps<'signing'>): Promise<ServiceParts<'signing'>> {
  const trusted = decisionVerifierKeys(deps.config);
  if (trusted.problems.length > 0) throw new ConfigError('signing', trusted.problems);
  const vault = await openSeedVault(deps.config, deps.db, deps.logger);
  const evm = new EvmSigner(vault);
  const qubic = new QubicSigner(vault);
  // Key indexes past every one the token's mark says was reserved, whatever the database says.
  const keys = new KeysService(deps.db, { evm, qubic }, new KeyIndex(deps.db, vault.indexMarks()));
  // Passkeys' approvals are WebAuthn assertions for this relying party (identity's, configured alike).
  const relyingParty = { rpId: deps.config.WEBAUTHN_RP_ID, origins: deps.config.WEBAUTHN_ORIGINS };
  checkRelyingParty(relyingParty);
  const gate = new DecisionGate(deps.db, trusted.keys, deps.refusals, relyingParty);
  return {
    rpcHandlers: rpcHandlers({
      signer: new DecidedSigner(keys, evm, qubic, gate),
      approvers: new ApproverRegistry(deps.db, relyingParty),
    }),
    retention: [decisionUsesRetention],
    // Not ready while the seed cannot be unsealed (no token, wrong PIN, key or seed missing).
    readiness: [{ name: 'key_store', check: () => vault.check() }],
    onStart: async () => async () => vault.close(),
  };
}

/** Key custody: the only process that unseals the master seed or touches key material. */
export const signingService: ServiceDefinition<'signing'> = {
  app: 'signing',
  migrationsDir: path.join(__dirname, 'migrations'),
  compose,
};
