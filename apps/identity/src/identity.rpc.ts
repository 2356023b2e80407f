import {
  AUDIT_BATCH_EVENT,
  AUDIT_EVENT,
  RPC_REFUSED_EVENT,
  type RpcRefusalRecord,
  IDENTITY_RPC,
  type AuditBatch,
  type AuditRecord,
  type EventEnvelope,
} from '@custody/contracts';
import { devSecretsInUse } from '@custody/config';
import { requireAuth } from '@custody/tenancy';
import type { RpcHandlers } from '@custody/messaging';
import type { ServiceDefinition, ServiceDeps } from '@custody/service-kit';
import { ApiClientsService } from './api-clients/api-clients.service';
import {
  appendAuditBatch,
  appendAuditEvent,
  appendRpcRefusal,
  listAuditEvents,
} from './audit/audit.service';
import { AuthState } from './auth-state/auth-state';
import { bootstrap } from './bootstrap';
import { ClientsService } from './clients/clients.service';
import { listEnum, loadEnumLists } from './enums/enums.service';
import { MIGRATIONS_DIR } from './migrations-dir';
import { SecretBox } from '@custody/secrets';
import { resealLegacySecrets } from './keys/reseal';
import { publicKeys, SigningKeys } from './keys/signing-keys';
import { TokensService } from './tokens/tokens.service';
import { WhitelistsService } from './whitelists/whitelists.service';
import { UsersService } from './users/users.service';
import { deadFamiliesRetention } from './tokens/refresh-tokens.repository';

type Deps = ServiceDeps<'identity'>;

/** Wires identity's use cases to its RPC contract; each handler unpacks params and calls one. */
async function createHandlers(deps: Deps): Promise<RpcHandlers<'identity'>> {
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
  const whitelistsService = new WhitelistsService(db, deps.rpc);

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
    [IDENTITY_RPC.listEnum]: async (params, ctx) => {
      requireAuth(ctx.auth);
      return listEnum(enumLists, params);
    },
    [IDENTITY_RPC.createIndividual]: (params, ctx) => users.create(ctx.auth, 'individual', params),
    [IDENTITY_RPC.createLegal]: (params, ctx) => users.create(ctx.auth, 'legal', params),
    [IDENTITY_RPC.listUsers]: (p, ctx) => users.list(ctx.auth, p.list, p.filters),
    [IDENTITY_RPC.getUser]: (p, ctx) => users.get(ctx.auth, p.id),
    [IDENTITY_RPC.getUserRef]: (p, ctx) => users.getRef(ctx.auth, p.id),
    [IDENTITY_RPC.updateIndividual]: (p, ctx) =>
      users.update(ctx.auth, p.id, 'individual', p.patch),
    [IDENTITY_RPC.updateLegal]: (p, ctx) => users.update(ctx.auth, p.id, 'legal', p.patch),
    [IDENTITY_RPC.deleteUser]: (p, ctx) => users.remove(ctx.auth, p.id, p),
    [IDENTITY_RPC.listAuditEvents]: (p, ctx) => listAuditEvents(db, ctx.auth, p.list, p.filters),
    [IDENTITY_RPC.createWhitelist]: (p, ctx) => whitelistsService.create(ctx.auth, p, p.input),
    [IDENTITY_RPC.listWhitelists]: (p, ctx) => whitelistsService.list(ctx.auth, p, p.list),
    [IDENTITY_RPC.getWhitelist]: (p, ctx) => whitelistsService.get(ctx.auth, p),
    [IDENTITY_RPC.isWhitelisted]: (p, ctx) => whitelistsService.isVerified(ctx.auth, p),
    [IDENTITY_RPC.updateWhitelist]: (p, ctx) =>
      whitelistsService.setStatus(ctx.auth, p, p.travelRuleStatus),
    [IDENTITY_RPC.jwks]: async () => ({ keys: await publicKeys(db) }),
    [IDENTITY_RPC.seedAuthState]: async () => {
      await authState.seed(db);
      return { seeded: true };
    },
    [IDENTITY_RPC.issueToken]: (p) => tokens.issue(p.credentials, p.request),
    [IDENTITY_RPC.revokeToken]: (p) => tokens.revoke(p.credentials, p.token),
    // Only the issuer app, which has just verified the issuer's secret, may have one signed
    // (RPC_ACCESS).
    [IDENTITY_RPC.issueIssuerToken]: (params) => tokens.issueIssuerToken(params),
    [IDENTITY_RPC.createClient]: (params, ctx) => clients.create(ctx.auth, params),
    [IDENTITY_RPC.listClients]: (p, ctx) => clients.list(ctx.auth, p.list),
    [IDENTITY_RPC.getClient]: (p, ctx) => clients.get(ctx.auth, p.id),
    [IDENTITY_RPC.updateClient]: (p, ctx) => clients.update(ctx.auth, p.id, p.patch),
    [IDENTITY_RPC.deleteClient]: (p, ctx) => clients.remove(ctx.auth, p.id),
    [IDENTITY_RPC.listApprovers]: (_p, ctx) => clients.approvers(ctx.auth),
    [IDENTITY_RPC.createApiClient]: (params, ctx) => apiClients.create(ctx.auth, params),
    [IDENTITY_RPC.listApiClients]: (p, ctx) => apiClients.list(ctx.auth, p.list),
    [IDENTITY_RPC.getApiClient]: (p, ctx) => apiClients.get(ctx.auth, p.id),
    [IDENTITY_RPC.updateApiClient]: (p, ctx) => apiClients.update(ctx.auth, p.id, p.patch),
    [IDENTITY_RPC.deleteApiClient]: (p, ctx) => apiClients.remove(ctx.auth, p.id),
  };
}

/** The identity service: api clients, clients, tokens, users, enums, whitelists, the audit log. */
export const identityService: ServiceDefinition<'identity'> = {
  app: 'identity',
  migrationsDir: MIGRATIONS_DIR,
  rpcHandlers: createHandlers,
  retention: (deps) => [deadFamiliesRetention(deps.config.REFRESH_TOKENS_RETENTION_DAYS)],
  eventHandlers: () => ({
    [AUDIT_EVENT]: (event, tx) => appendAuditEvent(tx, event as EventEnvelope<AuditRecord>),
    [AUDIT_BATCH_EVENT]: (event, tx) => appendAuditBatch(tx, event as EventEnvelope<AuditBatch>),
    [RPC_REFUSED_EVENT]: (event, tx) =>
      appendRpcRefusal(tx, event as EventEnvelope<RpcRefusalRecord>),
  }),
};
