import { IDENTITY_RPC } from '@custody/contracts';
import { requireAuth } from '@custody/tenancy';
import type { RpcHandlers } from '@custody/messaging';
import type { Database } from '@custody/persistence';
import type { ApiClientsService } from './api-clients/api-clients.service';
import { listAuditEvents } from './audit/audit.service';
import type { AuthState } from './auth-state/auth-state';
import type { ClientsService } from './clients/clients.service';
import { type EnumLists, listEnum } from './enums/enums.service';
import { publicKeys } from './keys/signing-keys';
import type { TokensService } from './tokens/tokens.service';
import type { WhitelistsService } from './whitelists/whitelists.service';
import type { UsersService } from './users/users.service';

/** What identity's handlers call, built in identity.compose.ts. */
export interface IdentityUseCases {
  /** For the audit log and the public keys, read straight from their tables. */
  db: Database;
  enumLists: EnumLists;
  authState: AuthState;
  apiClients: ApiClientsService;
  clients: ClientsService;
  users: UsersService;
  tokens: TokensService;
  whitelists: WhitelistsService;
}

/** Identity's RPC contract; each handler unpacks params and calls one use case. */
export function rpcHandlers({
  db,
  enumLists,
  authState,
  apiClients,
  clients,
  users,
  tokens,
  whitelists,
}: IdentityUseCases): RpcHandlers<'identity'> {
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
    [IDENTITY_RPC.createWhitelist]: (p, ctx) => whitelists.create(ctx.auth, p, p.input),
    [IDENTITY_RPC.listWhitelists]: (p, ctx) => whitelists.list(ctx.auth, p, p.list),
    [IDENTITY_RPC.getWhitelist]: (p, ctx) => whitelists.get(ctx.auth, p),
    [IDENTITY_RPC.isWhitelisted]: (p, ctx) => whitelists.isVerified(ctx.auth, p),
    [IDENTITY_RPC.updateWhitelist]: (p, ctx) =>
      whitelists.setStatus(ctx.auth, p, p.travelRuleStatus),
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
