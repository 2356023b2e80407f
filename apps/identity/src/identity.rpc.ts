import { type AuditPublicKeyView, IDENTITY_RPC } from '@custody/contracts';
import { requireAuth } from '@custody/tenancy';
import type { RpcHandlers } from '@custody/messaging';
import type { Database } from '@custody/persistence';
import type { ApiClientsService } from './api-clients/api-clients.service';
import type { CreateApiClient } from './api-clients/create-api-client';
import type { DeleteApiClient } from './api-clients/delete-api-client';
import type { UpdateApiClient } from './api-clients/update-api-client';
import { exportAuditPage, listAuditEvents } from './audit/audit.service';
import type { ApproverKeysService } from './approver-keys/approver-keys.service';
import type { EndorseApproverKey } from './approver-keys/endorse-approver-key';
import type { RegisterApproverKey } from './approver-keys/register-approver-key';
import type { RevokeApproverKey } from './approver-keys/revoke-approver-key';
import type { AuthState } from './auth-state/auth-state';
import type { ClientsService } from './clients/clients.service';
import type { CreateClient } from './clients/create-client';
import type { DeleteClient } from './clients/delete-client';
import type { UpdateClient } from './clients/update-client';
import { type EnumLists, listEnum } from './enums/enums.service';
import { publicKeys } from './keys/signing-keys';
import type { PasskeysService } from './passkeys/passkeys.service';
import type { RegisterPasskey } from './passkeys/register-passkey';
import type { TokensService } from './tokens/tokens.service';
import type { WhitelistsService } from './whitelists/whitelists.service';
import type { CreateUser } from './users/create-user';
import type { DeleteUser } from './users/delete-user';
import type { UpdateUser } from './users/update-user';
import type { UsersService } from './users/users.service';

/** What identity's handlers call, built in identity.compose.ts. */
export interface IdentityUseCases {
  /** For the audit log and the public keys, read straight from their tables. */
  db: Database;
  /** The keys of the audit checkpoints, which an export names. */
  auditKeys: AuditPublicKeyView[];
  enumLists: EnumLists;
  authState: AuthState;
  createApiClient: CreateApiClient;
  updateApiClient: UpdateApiClient;
  deleteApiClient: DeleteApiClient;
  apiClients: ApiClientsService;
  createClient: CreateClient;
  updateClient: UpdateClient;
  deleteClient: DeleteClient;
  clients: ClientsService;
  createUser: CreateUser;
  updateUser: UpdateUser;
  deleteUser: DeleteUser;
  users: UsersService;
  tokens: TokensService;
  whitelists: WhitelistsService;
  registerApproverKey: RegisterApproverKey;
  endorseApproverKey: EndorseApproverKey;
  revokeApproverKey: RevokeApproverKey;
  approverKeys: ApproverKeysService;
  registerPasskey: RegisterPasskey;
  passkeys: PasskeysService;
}

/** Identity's RPC contract; each handler unpacks params and calls one use case. */
export function rpcHandlers({
  db,
  auditKeys,
  enumLists,
  authState,
  createApiClient,
  updateApiClient,
  deleteApiClient,
  apiClients,
  createClient,
  updateClient,
  deleteClient,
  clients,
  createUser,
  updateUser,
  deleteUser,
  users,
  tokens,
  whitelists,
  registerApproverKey,
  endorseApproverKey,
  revokeApproverKey,
  approverKeys,
  registerPasskey,
  passkeys,
}: IdentityUseCases): RpcHandlers<'identity'> {
  return {
    [IDENTITY_RPC.listEnum]: async (params, ctx) => {
      requireAuth(ctx.auth);
      return listEnum(enumLists, params);
    },
    [IDENTITY_RPC.createIndividual]: (params, ctx) =>
      createUser.create(ctx.auth, 'individual', params),
    [IDENTITY_RPC.createLegal]: (params, ctx) => createUser.create(ctx.auth, 'legal', params),
    [IDENTITY_RPC.listUsers]: (p, ctx) => users.list(ctx.auth, p.list, p.filters),
    [IDENTITY_RPC.getUser]: (p, ctx) => users.get(ctx.auth, p.id),
    [IDENTITY_RPC.getUserRef]: (p, ctx) => users.getRef(ctx.auth, p.id),
    [IDENTITY_RPC.updateIndividual]: (p, ctx) =>
      updateUser.update(ctx.auth, p.id, 'individual', p.patch),
    [IDENTITY_RPC.updateLegal]: (p, ctx) => updateUser.update(ctx.auth, p.id, 'legal', p.patch),
    [IDENTITY_RPC.deleteUser]: (p, ctx) => deleteUser.remove(ctx.auth, p.id, p),
    [IDENTITY_RPC.listAuditEvents]: (p, ctx) => listAuditEvents(db, ctx.auth, p.list, p.filters),
    [IDENTITY_RPC.exportAudit]: (p, ctx) => exportAuditPage(db, auditKeys, ctx.auth, p),
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
    [IDENTITY_RPC.issueToken]: (p, ctx) => tokens.issue(p.credentials, p.request, ctx.requestId),
    [IDENTITY_RPC.revokeToken]: (p) => tokens.revoke(p.credentials, p.token),
    // Only the issuer app, which has just verified the issuer's secret, may have one signed
    // (RPC_ACCESS).
    [IDENTITY_RPC.issueIssuerToken]: (params) => tokens.issueIssuerToken(params),
    [IDENTITY_RPC.createClient]: (params, ctx) => createClient.create(ctx.auth, params),
    [IDENTITY_RPC.listClients]: (p, ctx) => clients.list(ctx.auth, p.list),
    [IDENTITY_RPC.getClient]: (p, ctx) => clients.get(ctx.auth, p.id),
    [IDENTITY_RPC.updateClient]: (p, ctx) => updateClient.update(ctx.auth, p.id, p.patch),
    [IDENTITY_RPC.deleteClient]: (p, ctx) => deleteClient.remove(ctx.auth, p.id),
    [IDENTITY_RPC.listApprovers]: (_p, ctx) => clients.approvers(ctx.auth),
    [IDENTITY_RPC.createApiClient]: (params, ctx) => createApiClient.create(ctx.auth, params),
    [IDENTITY_RPC.listApiClients]: (p, ctx) => apiClients.list(ctx.auth, p.list),
    [IDENTITY_RPC.getApiClient]: (p, ctx) => apiClients.get(ctx.auth, p.id),
    [IDENTITY_RPC.updateApiClient]: (p, ctx) => updateApiClient.update(ctx.auth, p.id, p.patch),
    [IDENTITY_RPC.deleteApiClient]: (p, ctx) => deleteApiClient.remove(ctx.auth, p.id),
    [IDENTITY_RPC.registerApproverKey]: (p, ctx) => registerApproverKey.register(ctx.auth, p),
    [IDENTITY_RPC.listApproverKeys]: (_p, ctx) => approverKeys.list(ctx.auth),
    [IDENTITY_RPC.getApproverKey]: (p, ctx) => approverKeys.get(ctx.auth, p.id),
    [IDENTITY_RPC.revokeApproverKey]: (p, ctx) => revokeApproverKey.revoke(ctx.auth, p.id),
    [IDENTITY_RPC.endorseApproverKey]: (p, ctx) =>
      endorseApproverKey.endorse(ctx.auth, p.id, p.input),
    // The policy service only (RPC_ACCESS), in its own name.
    [IDENTITY_RPC.activeApproverCredentials]: (p) => approverKeys.active(p.clientId),
    [IDENTITY_RPC.passkeyRegistrationOptions]: (_p, ctx) => registerPasskey.options(ctx.auth),
    [IDENTITY_RPC.registerPasskey]: (p, ctx) => registerPasskey.register(ctx.auth, p),
    [IDENTITY_RPC.listPasskeys]: (_p, ctx) => passkeys.list(ctx.auth),
    [IDENTITY_RPC.deletePasskey]: (p, ctx) => passkeys.remove(ctx.auth, p.id),
    // The gateway only (RPC_ACCESS), which has rate-limited the caller's address.
    [IDENTITY_RPC.passkeySignInOptions]: (p) =>
      tokens.passkeySignInOptions(
        p.credentials,
        p.username === undefined ? {} : { username: p.username },
      ),
  };
}
