import path from 'node:path';
import type { ServiceDefinition, ServiceDeps, ServiceParts } from '@custody/service-kit';
import { EvmSigner } from './chains/evm-signer';
import { QubicSigner } from './chains/qubic-signer';
import { KeysService } from './keys/keys.service';
import { loadMasterSeed } from './master-seed';
import { rpcHandlers } from './signing.rpc';

/** Builds the signers from the master seed, and the key registry over them. */
function compose(deps: ServiceDeps<'signing'>): ServiceParts<'signing'> {
  const seed = loadMasterSeed(deps.config, deps.logger);
  const evm = new EvmSigner(seed);
  const qubic = new QubicSigner(seed);
  const keys = new KeysService(deps.db, { evm, qubic });
  return { rpcHandlers: rpcHandlers({ keys, evm, qubic }) };
}

/** Key custody: the only process that reads the master seed or touches key material. */
export const signingService: ServiceDefinition<'signing'> = {
  app: 'signing',
  migrationsDir: path.join(__dirname, 'migrations'),
  compose,
};
