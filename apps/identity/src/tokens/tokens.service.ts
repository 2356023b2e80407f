import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { v7 as uuidv7 } from 'uuid';
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  ISSUER_TOKEN_AUDIENCE,
  ISSUER_TOKEN_TTL_SECONDS,
  type AccessTokenClaims,
  type ApiClientCredentials,
  type IssuerTokenClaims,
  type IssuerTokenRequest,
  type PasskeyRequestOptions,
  type PasskeySignInOptionsInput,
  type TokenRequest,
  type TokenView,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import { type Database, withTransaction } from '@custody/persistence';
import type { ApiClientsService } from '../api-clients/api-clients.service';
import { appendAuditRecords } from '../audit/audit.service';
import type { StoredAuditRecord } from '../audit/audit.repository';
import type { AuthState } from '../auth-state/auth-state';
import { insertRevokedToken } from '../auth-state/auth-state.repository';
import { clientView } from '../clients/client.view';
import { effectiveAudience } from '../clients/clients.rules';
import * as clientsRepo from '../clients/clients.repository';
import { randomToken, secretsEqual, tokenHash, verifyPassword } from '../crypto/passwords';
import { publicKeys, type SigningKeys, TOKEN_ALG } from '../keys/signing-keys';
import type { EnrollmentCodes } from '../passkeys/enrollment-codes';
import type { PasskeyRequirement } from '../passkeys/passkey-requirement';
import type { PasskeySignIn } from '../passkeys/passkey-sign-in';
import { countPasskeys } from '../passkeys/passkeys.repository';
import { loginScope, type SignInMethod } from '../passkeys/passkeys.rules';
import type { ApiClientRow, ClientRow } from '../schema';
import * as refreshRepo from './refresh-tokens.repository';
import type { SignInLockout } from './sign-in-lockout';
import { accountKey, accountLocked, failureRecords, lockedAttemptRecords } from './sign-in.rules';
import type { UsersService } from '../users/users.service';

const invalidGrant = () => Errors.unauthorized('The credentials are not valid.', 'invalid_grant');

/** Passkeys' part of sign-in (docs/decisions/identity-and-authentication.md, "Passkeys"). */
export interface PasskeyLogins {
  signIn: PasskeySignIn;
  enrollment: EnrollmentCodes;
  requirement: PasskeyRequirement;
}

/** How a login began and what it may do (`enrollment`: only register a passkey). */
interface Login {
  method: SignInMethod;
  scope: 'full' | 'enrollment';
}

/**
 * OAuth-style token issuance (docs/decisions/identity-and-authentication.md): Basic api-client
 * credentials plus a password or refresh grant; access tokens are EdDSA JWTs the gateway verifies
 * locally; refresh tokens are opaque, stored hashed, rotated on every use, and reusing a rotated
 * one revokes the whole family. The password grant locks an account after repeated failures
 * (`SignInLockout`), and records admins' failed sign-ins and every lockout in the audit log.
 */
export class TokensService {
  constructor(
    private readonly db: Database,
    private readonly keys: SigningKeys,
    private readonly apiClients: ApiClientsService,
    private readonly authState: AuthState,
    private readonly users: UsersService,
    private readonly lockout: SignInLockout,
    private readonly passkeys: PasskeyLogins,
  ) {}

  /** A sign-in challenge for the webauthn grant, through this api client. */
  async passkeySignInOptions(
    credentials: ApiClientCredentials,
    input: PasskeySignInOptionsInput,
  ): Promise<PasskeyRequestOptions> {
    const apiClient = await this.apiClients.authenticate(
      credentials.id,
      credentials.secret,
      secretsEqual,
    );
    return this.passkeys.signIn.options(apiClient, input);
  }

  /**
   * What a login of this client may do, by how it began: passkeys required of it and none
   * registered, only enroll one; required and registered, a password is refused (403
   * `passkey_required`).
   */
  private async login(
    method: SignInMethod,
    client: ClientRow,
    db: Parameters<typeof countPasskeys>[0] = this.db,
  ): Promise<Login> {
    const required = await this.passkeys.requirement.of(db, client);
    const enrolled = (await countPasskeys(db, client.id)) > 0;
    return { method, scope: loginScope(method, required, enrolled) };
  }

  /** 400 `unknown_user` unless `userId` is a user of the client's tenant. */
  private async checkUser(client: ClientRow, userId: string | undefined): Promise<void> {
    if (
      userId !== undefined &&
      !(await this.users.exists(client.id, effectiveAudience(client) === 'admin', userId))
    )
      throw Errors.badRequest('userId is not a user of this client.', 'unknown_user');
  }

  /** `requestId`: the request's, for the audit records of a failed sign-in. */
  async issue(
    credentials: ApiClientCredentials,
    request: TokenRequest,
    requestId = '',
  ): Promise<TokenView> {
    const apiClient = await this.apiClients.authenticate(
      credentials.id,
      credentials.secret,
      secretsEqual,
    );
    if (request.grant_type === 'urn:custody:webauthn') {
      const client = await this.passkeys.signIn.verify(apiClient, request.response);
      await this.checkUser(client, request.userId);
      const login = await this.login('webauthn', client);
      return this.mint(apiClient, client, uuidv7(), request.userId, login);
    }
    if (request.grant_type === 'urn:custody:enrollment-code') {
      const client = await this.passkeys.enrollment.redeem(request.username, request.code);
      return this.mint(
        apiClient,
        client,
        uuidv7(),
        undefined,
        await this.login('enrollment', client),
      );
    }
    if (request.grant_type === 'password') {
      // Keyed by the e-mail, not the client: an unknown e-mail locks as a known one does.
      const account = accountKey(request.username);
      const lockedForMs = await this.lockout.lockedForMs(account);
      const client = await clientsRepo.findClientByEmail(this.db, request.username);
      const attempt = { requestId, client, now: new Date() };
      // A locked account is refused whatever the password, before it is checked.
      if (lockedForMs > 0) {
        await this.record(lockedAttemptRecords(attempt, lockedForMs));
        throw accountLocked(lockedForMs);
      }
      const ok = await verifyPassword(client?.passwordHash, request.password);
      if (!client || !ok) {
        const outcome = await this.lockout.fail(account);
        await this.record(failureRecords(attempt, outcome, this.lockout.settings));
        throw invalidGrant();
      }
      await this.lockout.succeed(account);
      await this.checkUser(client, request.userId);
      // After the password: a wrong one learns nothing of the client's passkeys.
      const login = await this.login('password', client);
      return this.mint(apiClient, client, uuidv7(), request.userId, login);
    }
    return withTransaction(this.db, async (tx) => {
      const row = await refreshRepo.findRefreshTokenForUpdate(tx, tokenHash(request.refresh_token));
      if (!row || row.apiClientId !== apiClient.id) throw invalidGrant();
      if (row.usedAt || row.revokedAt) {
        // A rotated token came back: it was stolen or replayed. Revoke the whole family.
        await refreshRepo.revokeFamily(tx, row.familyId);
        return 'reused' as const;
      }
      if (row.expiresAt.getTime() <= Date.now()) throw invalidGrant();
      if (request.userId !== undefined && request.userId !== (row.userId ?? undefined)) {
        throw Errors.badRequest(
          'A refresh keeps the user binding of the original token.',
          'invalid_request',
        );
      }
      const client = await clientsRepo.findClient(tx, row.clientId);
      if (!client) throw invalidGrant();
      // A login keeps how it began: a password's ends once its client must use its passkey.
      const login = await this.login(row.signInMethod, client, tx);
      await refreshRepo.markUsed(tx, row.id);
      return this.mint(apiClient, client, row.familyId, row.userId ?? undefined, login, tx);
    }).then((result) => {
      if (result === 'reused')
        throw Errors.unauthorized('The refresh token was already used.', 'refresh_token_reused');
      return result;
    });
  }

  /** Appends sign-in records to the audit log (identity's own), in a transaction of their own. */
  private async record(records: StoredAuditRecord[]): Promise<void> {
    if (records.length > 0) await withTransaction(this.db, (tx) => appendAuditRecords(tx, records));
  }

  private async mint(
    apiClient: ApiClientRow,
    client: ClientRow,
    familyId: string,
    userId: string | undefined,
    login: Login,
    db: Parameters<typeof refreshRepo.insertRefreshToken>[0] = this.db,
  ): Promise<TokenView> {
    const audience = effectiveAudience(client);
    // An auditor of no tenant reads every tenant: it signs in as admins do.
    const platformAuditor = audience === 'auditor' && client.tenantId === null;
    // An api client of the general audience (a fintech's app) never carries admin tokens.
    if ((audience === 'admin' || platformAuditor) && apiClient.audience !== 'admin')
      throw Errors.forbidden(
        'This api client may not issue tokens of the admin audience.',
        'audience_not_allowed',
      );
    const claims: AccessTokenClaims = {
      ten: client.tenantId ?? client.id,
      aud_c: audience,
      azp: apiClient.id,
      ver: client.tokenVersion,
      ...(userId !== undefined ? { uid: userId } : {}),
      ...(client.scopes.length > 0 ? { scp: client.scopes } : {}),
      ...(audience === 'auditor' ? { asc: platformAuditor ? 'platform' : 'tenant' } : {}),
      ...(client.personId !== null ? { pid: client.personId } : {}),
      ...(login.scope === 'enrollment' ? { enr: true as const } : {}),
    };
    const key = await this.keys.active('access');
    const accessToken = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: TOKEN_ALG, kid: key.kid, typ: 'at+jwt' })
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setSubject(client.id)
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${apiClient.accessTokenExpiresIn}s`)
      .sign(key.privateKey);
    const refreshToken = randomToken(32);
    const row = await refreshRepo.insertRefreshToken(db, {
      id: uuidv7(),
      tokenHash: tokenHash(refreshToken),
      familyId,
      clientId: client.id,
      apiClientId: apiClient.id,
      userId: userId ?? null,
      signInMethod: login.method,
      expiresAt: new Date(Date.now() + apiClient.refreshTokenExpiresIn * 1000),
    });
    return {
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: String(apiClient.accessTokenExpiresIn),
      refresh_token: refreshToken,
      client: clientView(client),
      ...(userId !== undefined ? { userId } : {}),
    };
  }

  /**
   * An issuer (v2) access token, for the issuer service once it has verified the issuer's secret:
   * a signing key of its own and its own audience (so neither kind passes for the other)
   * and a 15-minute lifetime. `ver` is the issuer's secret version; the issuer service refuses
   * tokens of an older version (a rotation revokes them).
   */
  async issueIssuerToken(
    request: IssuerTokenRequest,
  ): Promise<{ accessToken: string; expiresIn: number }> {
    const claims: IssuerTokenClaims = { ten: request.tenantId, ver: request.version };
    const key = await this.keys.active('issuer');
    const accessToken = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: TOKEN_ALG, kid: key.kid, typ: 'at+jwt' })
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ISSUER_TOKEN_AUDIENCE)
      .setSubject(request.issuerId)
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${ISSUER_TOKEN_TTL_SECONDS}s`)
      .sign(key.privateKey);
    return { accessToken, expiresIn: ISSUER_TOKEN_TTL_SECONDS };
  }

  /**
   * RFC 7009: revokes an access token (until it expires) or a refresh token (its whole family).
   * Answers the same whether or not the token was known, so it reveals nothing.
   */
  async revoke(credentials: ApiClientCredentials, token: string): Promise<{ revoked: true }> {
    const apiClient = await this.apiClients.authenticate(
      credentials.id,
      credentials.secret,
      secretsEqual,
    );
    if (token.split('.').length === 3) {
      // Only unexpired tokens we signed, for this api client (expired ones need no revocation).
      const claims = await this.verified(token);
      if (claims?.jti && claims.azp === apiClient.id && claims.sub && claims.exp) {
        const expiresAt = new Date(claims.exp * 1000);
        await insertRevokedToken(this.db, { jti: claims.jti, clientId: claims.sub, expiresAt });
        await this.authState.revoke(claims.jti, expiresAt);
      }
      return { revoked: true };
    }
    await withTransaction(this.db, async (tx) => {
      const row = await refreshRepo.findRefreshTokenForUpdate(tx, tokenHash(token));
      if (row && row.apiClientId === apiClient.id) await refreshRepo.revokeFamily(tx, row.familyId);
    });
    return { revoked: true };
  }

  private async verified(token: string): Promise<(JWTPayload & { azp?: string }) | undefined> {
    try {
      // Any access key still published: a token of a retired key can be revoked until it expires.
      const keys = (await publicKeys(this.db)).filter((k) => (k.purpose ?? 'access') === 'access');
      const { payload } = await jwtVerify(token, createLocalJWKSet({ keys }), {
        issuer: ACCESS_TOKEN_ISSUER,
        audience: ACCESS_TOKEN_AUDIENCE,
      });
      return payload as JWTPayload & { azp?: string };
    } catch {
      return undefined;
    }
  }
}
