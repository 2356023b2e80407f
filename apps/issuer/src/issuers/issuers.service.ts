import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import {
  IDENTITY_RPC,
  SIGNING_RPC,
  issuerKeyOwner,
  type AuthContext,
  type IssuerView,
  type V2Page,
  type V2Paging,
} from '@custody/contracts';
import { Errors } from '@custody/errors';
import type { RpcClient } from '@custody/messaging';
import {
  type Database,
  type IdempotencyKey,
  isUuid,
  runIdempotent,
  storedIdempotentResult,
  type StoredAnswer,
} from '@custody/persistence';
import { hashSecret, verifySecret } from '@custody/secrets';
import { requireAdmin } from '@custody/tenancy';
import { v2Page } from '../paging';
import type { IssuerRow } from '../schema';
import { findIssuer, insertIssuer, listIssuers, replaceIssuerSecret } from './issuers.repository';

const SCHEMA = 'issuer';

export function issuerView(row: IssuerRow): IssuerView {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    address: row.address,
  };
}

/** An issuer's view as an Idempotency-Key's stored answer reads it back (never with its secret). */
const issuerAnswer = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  address: z.string(),
}) satisfies StoredAnswer<IssuerView>;

/** The answer that shows the secret: `{id, name, secret, createdAt, updatedAt, address}`. */
function withSecret(view: IssuerView, secret: string): IssuerView {
  const { id, name, ...rest } = view;
  return { id, name, secret, ...rest };
}

/** 32 random bytes; the issuer sees it once, we keep only its argon2id hash. */
function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

const invalidCredentials = () =>
  Errors.unauthorized('The issuer id or secret is not valid.', 'invalid_credentials');

/**
 * Issuers (version 2): provisioned by an admin with a custodial signing key, authenticated by id
 * and secret. The secret is shown only in the answer that created it; an Idempotency-Key replay of
 * that answer omits it (it is never stored in plain text), so a lost secret is rotated.
 */
export class IssuersService {
  constructor(
    private readonly db: Database,
    private readonly rpc: RpcClient,
  ) {}

  async create(
    auth: AuthContext | undefined,
    input: { name: string },
    idempotency: IdempotencyKey | undefined,
  ): Promise<IssuerView> {
    const caller = requireAdmin(auth);
    const replay = await storedIdempotentResult(this.db, SCHEMA, idempotency, issuerAnswer);
    if (replay) return replay.result;
    const id = uuidv7();
    const key = await this.rpc.call('signing', SIGNING_RPC.deriveKey, {
      ownerId: issuerKeyOwner(id),
      chain: 'evm',
      tenantId: caller.tenantId,
    });
    const secret = newSecret();
    const secretHash = await hashSecret(secret);
    let created = false;
    const view = await runIdempotent(this.db, SCHEMA, idempotency, issuerAnswer, async (tx) => {
      const row = await insertIssuer(tx, {
        id,
        tenantId: caller.tenantId,
        name: input.name,
        secretHash,
        secretVersion: 1,
        address: key.address,
      });
      created = true;
      return issuerView(row);
    });
    return created ? withSecret(view, secret) : view;
  }

  async list(auth: AuthContext | undefined, paging: V2Paging): Promise<V2Page<IssuerView>> {
    requireAdmin(auth);
    return v2Page(await listIssuers(this.db, paging), paging, issuerView);
  }

  /** A new secret; the old one and every token issued under it stop working at once. */
  async rotateSecret(
    auth: AuthContext | undefined,
    issuerId: string,
    idempotency: IdempotencyKey | undefined,
  ): Promise<IssuerView> {
    requireAdmin(auth);
    const replay = await storedIdempotentResult(this.db, SCHEMA, idempotency, issuerAnswer);
    if (replay) return replay.result;
    if (!isUuid(issuerId)) throw Errors.notFound('issuer');
    const secret = newSecret();
    const secretHash = await hashSecret(secret);
    let rotated = false;
    const view = await runIdempotent(this.db, SCHEMA, idempotency, issuerAnswer, async (tx) => {
      const row = await replaceIssuerSecret(tx, issuerId, secretHash);
      if (!row) throw Errors.notFound('issuer');
      rotated = true;
      return issuerView(row);
    });
    return rotated ? withSecret(view, secret) : view;
  }

  /**
   * Issuer id + secret → a 15-minute issuer access token, signed by identity. An unknown id and
   * a wrong secret take the same time and get the same 401.
   */
  async authenticate(input: { id: string; secret: string }): Promise<{ accessToken: string }> {
    const row = await findIssuer(this.db, input.id);
    const ok = await verifySecret(row?.secretHash, input.secret);
    if (!row || !ok) throw invalidCredentials();
    const { accessToken } = await this.rpc.call('identity', IDENTITY_RPC.issueIssuerToken, {
      issuerId: row.id,
      tenantId: row.tenantId,
      version: row.secretVersion,
    });
    return { accessToken };
  }
}
