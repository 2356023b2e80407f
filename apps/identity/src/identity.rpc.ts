import path from 'node:path';
import {
  AUDIT_BATCH_EVENT,
  AUDIT_EVENT,
  type AuditBatch,
  type ApiClientCredentials,
  type AuditRecord,
  type EnumQuery,
  type EventEnvelope,
  type IssuerTokenRequest,
  type ListQuery,
  type TokenRequest,
} from '@custody/contracts';
import { IDENTITY_RPC } from '@custody/contracts';
import { devSecretsInUse } from '@custody/config';
import { Errors } from '@custody/errors';
import { requireAuth } from '@custody/tenancy';
import type { RpcHandler } from '@custody/messaging';
import type { ServiceDefinition, ServiceDeps } from '@custody/service-kit';
import { type ApiClientInput, ApiClientsService } from './api-clients/api-clients.service';
import {
  appendAuditBatch,
  appendAuditEvent,
  type AuditFilters,
  listAuditEvents,
} from './audit/audit.service';
import { AuthState } from './auth-state/auth-state';
import { bootstrap } from './bootstrap';
import { type ClientInput, ClientsService } from './clients/clients.service';
import { listEnum, loadEnumLists } from './enums/enums.service';
import { SecretBox } from '@custody/secrets';
import { loadSigningKey, publicKeys } from './keys/signing-keys';
import { TokensService } from './tokens/tokens.service';
import { type WhitelistInput, WhitelistsService } from './whitelists/whitelists.service';
import { type Kyc, UsersService } from './users/users.service';
import type { UserFilters } from './users/users.repository';

type Deps = ServiceDeps<'identity'>;
type WalletPath = { userId: string; walletId: string };

/** Wires identity's use cases to RPC methods; each handler only unpacks params and calls one. */
async function createHandlers(deps: Deps): Promise<Record<string, RpcHandler>> {
  const { config, db, logger } = deps;
  if (!deps.redis) throw new Error('identity needs REDIS_URL');
  const enumLists = loadEnumLists({
    'company-type': config.COMPANY_TYPES_FILE,
    'purpose-business-relationship': config.PURPOSE_BUSINESS_RELATIONSHIP_FILE,
  });
  const box = new SecretBox(config.IDENTITY_ENCRYPTION_KEY);
  const authState = new AuthState(deps.redis, config.REDIS_KEY_PREFIX);
  const apiClients = new ApiClientsService(db, box);
  const clients = new ClientsService(db, authState);
  const key = await loadSigningKey(db, box);
  const users = new UsersService(db, deps.rpc);
  const tokens = new TokensService(db, key, apiClients, authState, users);
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
      return listEnum(enumLists, params as EnumQuery);
    },
    [IDENTITY_RPC.createIndividual]: (params, ctx) =>
      users.create(ctx.auth, 'individual', params as Kyc),
    [IDENTITY_RPC.createLegal]: (params, ctx) => users.create(ctx.auth, 'legal', params as Kyc),
    [IDENTITY_RPC.listUsers]: (params, ctx) => {
      const p = params as { list: ListQuery; filters: UserFilters };
      return users.list(ctx.auth, p.list, p.filters);
    },
    [IDENTITY_RPC.getUser]: (params, ctx) => users.get(ctx.auth, (params as { id: string }).id),
    [IDENTITY_RPC.getUserRef]: (params, ctx) =>
      users.getRef(ctx.auth, (params as { id: string }).id),
    [IDENTITY_RPC.updateIndividual]: (params, ctx) => {
      const p = params as { id: string; patch: Kyc };
      return users.update(ctx.auth, p.id, 'individual', p.patch);
    },
    [IDENTITY_RPC.updateLegal]: (params, ctx) => {
      const p = params as { id: string; patch: Kyc };
      return users.update(ctx.auth, p.id, 'legal', p.patch);
    },
    [IDENTITY_RPC.deleteUser]: (params, ctx) => {
      const p = params as { id: string; device: string; ip: string };
      return users.remove(ctx.auth, p.id, p);
    },
    [IDENTITY_RPC.listAuditEvents]: (params, ctx) => {
      const p = params as { list: ListQuery; filters: AuditFilters };
      return listAuditEvents(db, ctx.auth, p.list, p.filters);
    },
    [IDENTITY_RPC.createWhitelist]: (params, ctx) => {
      const p = params as WalletPath & { input: WhitelistInput };
      return whitelistsService.create(ctx.auth, p, p.input);
    },
    [IDENTITY_RPC.listWhitelists]: (params, ctx) => {
      const p = params as WalletPath & { list: ListQuery };
      return whitelistsService.list(ctx.auth, p, p.list);
    },
    [IDENTITY_RPC.getWhitelist]: (params, ctx) =>
      whitelistsService.get(ctx.auth, params as WalletPath & { id: string }),
    [IDENTITY_RPC.updateWhitelist]: (params, ctx) => {
      const p = params as WalletPath & {
        id: string;
        travelRuleStatus: 'pending' | 'verified' | 'rejected';
      };
      return whitelistsService.setStatus(ctx.auth, p, p.travelRuleStatus);
    },
    [IDENTITY_RPC.jwks]: async () => ({ keys: await publicKeys(db) }),
    [IDENTITY_RPC.seedAuthState]: async () => {
      await authState.seed(db);
      return { seeded: true };
    },
    [IDENTITY_RPC.issueToken]: async (params) => {
      const p = params as { credentials: ApiClientCredentials; request: TokenRequest };
      return tokens.issue(p.credentials, p.request);
    },
    [IDENTITY_RPC.revokeToken]: async (params) => {
      const p = params as { credentials: ApiClientCredentials; token: string };
      return tokens.revoke(p.credentials, p.token);
    },
    // Only the issuer app, which has just verified the issuer's secret, may have one signed.
    [IDENTITY_RPC.issueIssuerToken]: async (params, ctx) => {
      if (ctx.caller !== 'issuer')
        throw Errors.forbidden(
          'Only the issuer app may ask for issuer tokens.',
          'caller_not_allowed',
        );
      return tokens.issueIssuerToken(params as IssuerTokenRequest);
    },
    [IDENTITY_RPC.createClient]: (params, ctx) => clients.create(ctx.auth, params as ClientInput),
    [IDENTITY_RPC.listClients]: (params, ctx) =>
      clients.list(ctx.auth, (params as { list: ListQuery }).list),
    [IDENTITY_RPC.getClient]: (params, ctx) => clients.get(ctx.auth, (params as { id: string }).id),
    [IDENTITY_RPC.updateClient]: (params, ctx) => {
      const p = params as { id: string; patch: Partial<ClientInput> };
      return clients.update(ctx.auth, p.id, p.patch);
    },
    [IDENTITY_RPC.deleteClient]: (params, ctx) =>
      clients.remove(ctx.auth, (params as { id: string }).id),
    [IDENTITY_RPC.createApiClient]: (params, ctx) =>
      apiClients.create(ctx.auth, params as ApiClientInput),
    [IDENTITY_RPC.listApiClients]: (params, ctx) =>
      apiClients.list(ctx.auth, (params as { list: ListQuery }).list),
    [IDENTITY_RPC.getApiClient]: (params, ctx) =>
      apiClients.get(ctx.auth, (params as { id: string }).id),
    [IDENTITY_RPC.updateApiClient]: (params, ctx) => {
      const p = params as { id: string; patch: Omit<ApiClientInput, 'id'> };
      return apiClients.update(ctx.auth, p.id, p.patch);
    },
    [IDENTITY_RPC.deleteApiClient]: (params, ctx) =>
      apiClients.remove(ctx.auth, (params as { id: string }).id),
  };
}

/** The identity service: api clients, clients, tokens (and, next, users, enums, whitelists). */
export const identityService: ServiceDefinition<'identity'> = {
  app: 'identity',
  migrationsDir: path.join(__dirname, 'migrations'),
  rpcHandlers: createHandlers,
  eventHandlers: () => ({
    [AUDIT_EVENT]: (event, tx) => appendAuditEvent(tx, event as EventEnvelope<AuditRecord>),
    [AUDIT_BATCH_EVENT]: (event, tx) => appendAuditBatch(tx, event as EventEnvelope<AuditBatch>),
  }),
};
