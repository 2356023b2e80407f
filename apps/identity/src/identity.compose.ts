import { AUDIT_BATCH_EVENT, AUDIT_EVENT, EVENTS, RPC_REFUSED_EVENT } from '@custody/contracts';
import { devSecretsInUse } from '@custody/config';
import { SecretBox } from '@custody/secrets';
import type { ServiceDefinition, ServiceDeps, ServiceParts } from '@custody/service-kit';
import { ApiClientsService } from './api-clients/api-clients.service';
import { CreateApiClient } from './api-clients/create-api-client';
import { DeleteApiClient } from './api-clients/delete-api-client';
import { UpdateApiClient } from './api-clients/update-api-client';
import { ApproverKeysService } from './approver-keys/approver-keys.service';
import { EndorseApproverKey } from './approver-keys/endorse-approver-key';
import { RegisterApproverKey } from './approver-keys/register-approver-key';
import { RevokeApproverKey } from './approver-keys/revoke-approver-key';
import { SignerRevocations } from './approver-keys/signer-revocations';
import { appendAuditBatch, appendAuditEvent, appendRpcRefusal } from './audit/audit.service';
import { prepareAuditStore } from './audit/audit-store';
import { AuditCheckpoints, checkpointKey, publicKeysOf } from './audit/checkpoints';
import { AuthState } from './auth-state/auth-state';
import { bootstrap } from './bootstrap';
import { ClientsService } from './clients/clients.service';
import { CreateClient } from './clients/create-client';
import { DeleteClient } from './clients/delete-client';
import { HoldClientChange } from './clients/hold-client-change';
import {
  clientChangeOutcome,
  heldClientChanges,
  SettleClientChange,
} from './clients/settle-client-change';
import { UpdateClient } from './clients/update-client';
import { loadEnumLists } from './enums/enums.service';
import { rpcHandlers } from './identity.rpc';
import { resealLegacySecrets } from './keys/reseal';
import { SigningKeys } from './keys/signing-keys';
import { MIGRATIONS_DIR } from './migrations-dir';
import { EnrollmentCodes } from './passkeys/enrollment-codes';
import { PasskeyRequirement } from './passkeys/passkey-requirement';
import { PasskeySignIn } from './passkeys/passkey-sign-in';
import { checkWebAuthnSettings } from './passkeys/passkeys.rules';
import { PasskeysService } from './passkeys/passkeys.service';
import { RegisterPasskey } from './passkeys/register-passkey';
import { WebAuthnChallenges } from './passkeys/webauthn-challenges';
import { deadFamiliesRetention } from './tokens/refresh-tokens.repository';
import { SignInLockout } from './tokens/sign-in-lockout';
import { TokensService } from './tokens/tokens.service';
import { CreateUser } from './users/create-user';
import { DeleteUser } from './users/delete-user';
import { UpdateUser } from './users/update-user';
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
  // The audit log's store, ready before the consumer appends to it (docs/decisions/audit.md).
  await prepareAuditStore({
    pool: deps.pool,
    db,
    logger,
    production: config.NODE_ENV === 'production',
    ownerUrl: config.AUDIT_MIGRATION_DATABASE_URL,
  });
  const checkpointSigner = checkpointKey(config);
  if (checkpointSigner.development && config.NODE_ENV === 'production')
    throw new Error('AUDIT_CHECKPOINT_KEY: the development key is not allowed in production');
  const checkpoints = new AuditCheckpoints(
    db,
    checkpointSigner,
    config.AUDIT_CHECKPOINT_INTERVAL_MS,
    logger,
  );
  const box = new SecretBox(config.IDENTITY_ENCRYPTION_KEY);
  const authState = new AuthState(deps.redis, config.REDIS_KEY_PREFIX);
  const boxes = {
    apiClients: box.purpose('api-client-secret'),
    signingKeys: box.purpose('token-signing-key'),
  };
  const resealed = await resealLegacySecrets(db, boxes);
  if (resealed > 0) logger.info({ resealed }, 'secrets of the earlier format sealed anew');
  const apiClients = new ApiClientsService(db, boxes.apiClients);
  const createApiClient = new CreateApiClient(db, boxes.apiClients);
  // A client's creation or credentials, held when a policy-change policy governs its tenant.
  const gate = new HoldClientChange(db, deps.rpc);
  const createClient = new CreateClient(db, authState, gate);
  const settleClientChange = new SettleClientChange(authState, logger);
  const settleOutcome = clientChangeOutcome(settleClientChange);
  const keys = new SigningKeys(db, boxes.signingKeys, config.SIGNING_KEY_RELOAD_MS);
  // Both keys exist before the first token is asked for (and replicas agree on them).
  await keys.active('access');
  await keys.active('issuer');
  const users = new UsersService(db);
  const lockout = new SignInLockout(deps.redis, config.REDIS_KEY_PREFIX, {
    failures: config.SIGN_IN_LOCKOUT_FAILURES,
    windowMs: config.SIGN_IN_LOCKOUT_WINDOW_SECONDS * 1000,
    lockMs: config.SIGN_IN_LOCKOUT_SECONDS * 1000,
  });
  // Passkeys (docs/decisions/identity-and-authentication.md, "Passkeys"): the relying party
  // checked before the first ceremony; required of admins in production.
  const webAuthn = {
    rpId: config.WEBAUTHN_RP_ID,
    rpName: config.WEBAUTHN_RP_NAME,
    origins: config.WEBAUTHN_ORIGINS,
  };
  checkWebAuthnSettings(webAuthn);
  const challenges = new WebAuthnChallenges(deps.redis, config.REDIS_KEY_PREFIX);
  const passkeyRequirement = new PasskeyRequirement(config.NODE_ENV === 'production');
  const enrollment = new EnrollmentCodes(db);
  const tokens = new TokensService(db, keys, apiClients, authState, users, lockout, {
    signIn: new PasskeySignIn(db, challenges, webAuthn),
    enrollment,
    requirement: passkeyRequirement,
  });
  const whitelists = new WhitelistsService(db, deps.rpc);
  // Approver credentials identity revoked, told to the signer's registry (and swept for any missed).
  const revocations = new SignerRevocations(db, deps.rpc, logger);

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
    { clients: createClient, apiClients: createApiClient, enrollment },
    logger,
  );
  await authState.seed(db);

  return {
    rpcHandlers: rpcHandlers({
      db,
      auditKeys: publicKeysOf(checkpointSigner),
      enumLists,
      authState,
      createApiClient,
      updateApiClient: new UpdateApiClient(db, boxes.apiClients),
      deleteApiClient: new DeleteApiClient(db),
      apiClients,
      createClient,
      updateClient: new UpdateClient(db, authState, gate),
      deleteClient: new DeleteClient(db, authState, revocations),
      clients: new ClientsService(db),
      createUser: new CreateUser(db),
      updateUser: new UpdateUser(db, deps.rpc),
      deleteUser: new DeleteUser(db, deps.rpc),
      users,
      tokens,
      whitelists,
      registerApproverKey: new RegisterApproverKey(db, deps.rpc, webAuthn),
      endorseApproverKey: new EndorseApproverKey(db, deps.rpc, webAuthn),
      revokeApproverKey: new RevokeApproverKey(db, revocations),
      approverKeys: new ApproverKeysService(db),
      registerPasskey: new RegisterPasskey(db, challenges, webAuthn),
      passkeys: new PasskeysService(db, passkeyRequirement, revocations, webAuthn.rpId),
    }),
    retention: [deadFamiliesRetention(config.REFRESH_TOKENS_RETENTION_DAYS)],
    onStart: async () => {
      checkpoints.start();
      revocations.start();
      return async () => {
        await revocations.stop();
        await checkpoints.stop();
      };
    },
    eventHandlers: {
      [AUDIT_EVENT]: (event, tx) => appendAuditEvent(tx, event),
      [AUDIT_BATCH_EVENT]: (event, tx) => appendAuditBatch(tx, event),
      [RPC_REFUSED_EVENT]: (event, tx) => appendRpcRefusal(tx, event),
      [EVENTS.approvalDecided]: ({ data: approval }, tx) => settleOutcome(tx, approval),
    },
    // The same outcomes, swept for those whose event was lost.
    heldForApprovals: heldClientChanges(settleClientChange),
  };
}

/** The identity service: api clients, clients, tokens, users, enums, whitelists, the audit log. */
export const identityService: ServiceDefinition<'identity'> = {
  app: 'identity',
  migrationsDir: MIGRATIONS_DIR,
  compose,
};
