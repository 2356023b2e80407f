import path from 'node:path';
import { ConfigError } from '@custody/config';
import { decisionVerifierKeys } from '@custody/intents';
import type { ServiceDefinition, ServiceDeps, ServiceParts } from '@custody/service-kit';
import { EvmSigner } from './chains/evm-signer';
import { QubicSigner } from './chains/qubic-signer';
import { DecidedSigner } from './decisions/decided-signer';
import { DecisionGate } from './decisions/decision-gate';
import { decisionUsesRetention } from './decisions/decisions.repository';
import { KeysService } from './keys/keys.service';
import { loadMasterSeed } from './master-seed';
import { rpcHandlers } from './signing.rpc';

/** Builds the signers from the master seed, the key registry, and the decision gate before them. */
function compose(deps: ServiceDeps<'signing'>): ServiceParts<'signing'> {
  const trusted = decisionVerifierKeys(deps.config);
  if (trusted.problems.length > 0) throw new ConfigError('signing', trusted.problems);
  const seed = loadMasterSeed(deps.config, deps.logger);
  const evm = new EvmSigner(seed);
  const qubic = new QubicSigner(seed);
  const keys = new KeysService(deps.db, { evm, qubic });
  const gate = new DecisionGate(deps.db, trusted.keys, deps.logger);
  return {
    rpcHandlers: rpcHandlers({ signer: new DecidedSigner(keys, evm, qubic, gate) }),
    retention: [decisionUsesRetention],
  };
}

/** Key custody: the only process that reads the master seed or touches key material. */
export const signingService: ServiceDefinition<'signing'> = {
  app: 'signing',
  migrationsDir: path.join(__dirname, 'migrations'),
  compose,
};
