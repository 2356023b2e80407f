import { AUDIT_BATCH_EVENT, AUDIT_EVENT, RPC_REFUSED_EVENT } from '@custody/contracts';
import { devSecretsInUse } from '@custody/config';
import { SecretBox } from '@custody/secrets';
import type { ServiceDefinition, ServiceDeps, ServiceParts } from '@custody/service-kit';
import { ApiClientsService } from './api-clients/api-clients.service';
import { appendAuditBatch, appendAuditEvent, appendRpcRefusal } from './audit/audit.service';
import { AuthState } from './auth-state/auth-state';
import { bootstrap } from './bootstrap';
import { ClientsService } from './clients/clients.service';
import { loadEnumLists } from './enums/enums.service';
import { rpcHandlers } from './identity.rpc';
import { resealLegacySecrets } from './keys/reseal';
import { SigningKeys } from './keys/signing-keys';
import { MIGRATIONS_DIR } from './migrations-dir';
import { deadFamiliesRetention } from './tokens/refresh-tokens.repository';
import { TokensService } from './tokens/tokens.service';
import { UsersService } from './users/users.service';
import { WhitelistsService } from './whitelists/whitelists.service';

/** Builds identity's use cases, its signing keys and bootstrap rows before it takes calls. */
async function compose(deps: ServiceDeps<'identity'>): Promise<ServiceParts<'identity'>> {
  const { config, db, logger } = deps;
  if (!deps.redis) throw new Error('identity needs REDIS_URL');
  const enumLists = loadEnumLists({
    'company-type': config.COMPANY_TYPES_FILE,
    'purpose-business-relationship': config.PURPOSE_BUSINESS_RELATIONSHIP_FILE,
  });
  const box = new SecretBox(config.IDENTITY_ENCRYPTION_KEY);
  const authState = new AuthState(deps.redis, config.REDIS_KEY_PREFIX);
  const boxes = {
    apiClients: box.purpose('api-client-secret'),
    signingKeys: box.purpose('token-signing-key'),
  };
  const resealed = await resealLegacySecrets(db, boxes);
  if (resealed > 0) logger.info({ resealed }, 'secrets of the earlier format sealed anew');
  const apiClients = new ApiClientsService(db, boxes.apiClients);
  const clients = new ClientsService(db, authState);
  const keys = new SigningKeys(db, boxes.signingKeys, config.SIGNING_KEY_RELOAD_MS);
  // Both keys exist before the first token is asked for (and replicas agree on them).
  await keys.active('access');
  await keys.active('issuer');
  const users = new UsersService(db, deps.rpc);
  const tokens = new TokensService(db, keys, apiClients, authState, users);
  const whitelists = new WhitelistsService(db, deps.rpc);

  const insecure = devSecretsInUse(config);
  if (insecure.length > 0) {
    logger.warn(
      {
        variables: insecure,
        adminEmail: config.BOOTSTRAP_ADMIN_EMAIL,
        apiClientId: config.BOOTSTRAP_API_CLIENT_ID,
      },
      'using development defaults for secrets; set them before any real use',
    );
  }
  await bootstrap(
    db,
    {
      adminEmail: config.BOOTSTRAP_ADMIN_EMAIL,
      adminPassword: config.BOOTSTRAP_ADMIN_PASSWORD,
      apiClientId: config.BOOTSTRAP_API_CLIENT_ID,
      apiClientSecret: config.BOOTSTRAP_API_CLIENT_SECRET,
    },
    { clients, apiClients },
    logger,
  );
  await authState.seed(db);

  return {
    rpcHandlers: rpcHandlers({
      db,
      enumLists,
      authState,
      apiClients,
      clients,
      users,
      tokens,
      whitelists,
    }),
    retention: [deadFamiliesRetention(config.REFRESH_TOKENS_RETENTION_DAYS)],
    eventHandlers: {
      [AUDIT_EVENT]: (event, tx) => appendAuditEvent(tx, event),
      [AUDIT_BATCH_EVENT]: (event, tx) => appendAuditBatch(tx, event),
      [RPC_REFUSED_EVENT]: (event, tx) => appendRpcRefusal(tx, event),
    },
  };
}

/** The identity service: api clients, clients, tokens, users, enums, whitelists, the audit log. */
export const identityService: ServiceDefinition<'identity'> = {
  app: 'identity',
  migrationsDir: MIGRATIONS_DIR,
  compose,
};
