import { z } from 'zod';
import {
  SIGNATURE_RPC,
  type SignRequest,
  type SignedItemKind,
  type WalletPath,
} from '@custody/contracts';
import { CONFIG_MAXIMA } from '@custody/config';
import { Errors } from '@custody/errors';
import { listQuerySchema, type RouteInput } from '@custody/http';
import type { RpcClient } from '@custody/messaging';
import { forward, forwardList } from '../forward';
import {
  externalReference as reference255,
  idResponse,
  idString,
  pathId,
  timestamps,
  typedDataSchema,
  walletParams,
  walletPathOf,
} from '../schemas';
import { defineRoute } from '../route';

const externalReference = reference255.optional();
/**
 * A uint256 (a transaction's value, gas, fee or nonce): at most 78 decimal digits, or `0x` and
 * 64 hex digits (leading zeros within 78 characters). The signing service refuses more than 32
 * bytes, and answers the decimal form.
 */
const UINT_MAX_LENGTH = 78;
const uint = z
  .string()
  .max(UINT_MAX_LENGTH)
  .regex(/^(0x[0-9a-fA-F]+|\d+)$/, 'A whole number, decimal or 0x-hex');
/**
 * Bytes in hex (`tx`, `txJson.data`): at most 128 KiB, the largest transaction that nodes' pools
 * take (geth's `txMaxSize`).
 */
const HEX_BYTES_MAX_LENGTH = 2 + 2 * 131_072;
/** The largest body the gateway can be configured to take (BODY_LIMIT_BYTES: 50 MiB). */
const BODY_LIMIT_MAX = CONFIG_MAXIMA.BODY_LIMIT_BYTES;
/**
 * Records signed before `tx` and `txJson.data` had a bound were limited by the body only; a
 * signature, a chain id and their lengths add under 300 characters to what was sent.
 */
const SIGNED_HEX_MAX_LENGTH = BODY_LIMIT_MAX + 300;

const txJson = z
  .object({
    to: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'An EVM address'),
    value: uint,
    gasPrice: uint,
    gasLimit: uint,
    maxPriorityFeePerGas: uint,
    maxFeePerGas: uint,
    nonce: uint,
    data: z
      .string()
      .max(HEX_BYTES_MAX_LENGTH)
      .regex(/^0x([0-9a-fA-F]{2})*$/, '0x-hex bytes'),
  })
  .partial()
  .strict();

const qubicTxJson = z
  .object({
    destinationPublicKey: z
      .string()
      .regex(/^[A-Z]{60}$/, 'A Qubic identity (60 upper-case letters)'),
    // At most 2^53 − 1 QU (16 digits; the signing service checks it), leading zeros aside.
    amount: z.string().max(19).regex(/^\d+$/, 'A whole number of QU'),
    type: z.number().int().min(0).max(65_535),
    tick: z.number().int().min(0).max(4_294_967_295),
  })
  .strict();

const signTxBody = z
  .object({
    tx: z
      .string()
      .max(HEX_BYTES_MAX_LENGTH)
      .regex(/^0x[0-9a-fA-F]+$/, 'An unsigned serialized transaction, 0x-hex')
      .optional(),
    txJson: txJson.optional(),
    qubicTxJson: qubicTxJson.optional(),
    externalReference,
  })
  .strict()
  .refine(
    (body) => [body.tx, body.txJson, body.qubicTxJson].filter((v) => v !== undefined).length === 1,
    'Give exactly one of tx, txJson and qubicTxJson',
  );

const message = z.string().min(1).max(10_000);
const signMessageBody = z.object({ message, externalReference }).strict();

const signTypedDataBody = z.object({ typedData: typedDataSchema, externalReference }).strict();

/** An EIP-191 or EIP-712 signature: 65 bytes (r, s, v) in hex. */
const signature = z.string().regex(/^0x[0-9a-fA-F]{130}$/);
/** What the signing service answers of a uint256: decimal, at most 78 digits. */
const uintAnswer = z.string().max(UINT_MAX_LENGTH);

const signedBase = {
  ...{},
  ...timestamps,
  userId: idString,
  walletId: idString,
  status: z
    .enum(['sent', 'pending_approval', 'approved', 'rejected', 'failed'])
    .describe(
      "`sent` (the contract's); extensions: `pending_approval` (held by a policy, not signed yet), `approved` (its approval reached its quorum; being signed, `sent` within moments), `rejected` (its approval was rejected, expired or cancelled), `failed` (approved, but it could not be signed and recorded: see `failureReason`). Only a `sent` item carries its signature; the others show null there",
    ),
  externalReference: reference255.optional(),
  approvalId: idString.optional().describe('Extension: the approval a policy held it for'),
  failureReason: z
    .string()
    .max(64)
    .optional()
    .describe(
      'Extension: why it was not signed (`approval_rejected`, `approval_expired`, `approval_cancelled`, `user_blocked`, `wallet_deleted`, `insufficient_balance`, …)',
    ),
};
// Not tied to the contract (contract-schema.ts): its `SignedItemView` is an open record so far.
const schemas: Record<SignedItemKind, z.ZodType> = {
  tx: z.object({
    ...{},
    ...signedBase,
    // 0x-hex (EVM) or base64 (Qubic, a fixed size).
    signedTx: z.string().max(SIGNED_HEX_MAX_LENGTH).nullable(),
    // An EVM address (42) or a Qubic identity (60); null: a contract creation (or not signed).
    to: z.string().max(60).nullable(),
    value: uintAnswer.nullable(),
    gasPrice: uintAnswer.nullable(),
    nonce: uintAnswer.nullable(),
    gasLimit: uintAnswer.nullable(),
    // As sent, or as in `tx`; records from before its bound: as the body allowed.
    data: z.string().max(BODY_LIMIT_MAX).nullable(),
    withdrawalId: idString
      .optional()
      .describe(
        'Extension: the withdrawal that holds what the transaction takes from the wallet (native value and network fee, or a catalog token moved or approved)',
      ),
  }),
  message: z.object({ ...{}, ...signedBase, signedMessage: signature.nullable(), message }),
  'typed-data': z.object({
    ...{},
    ...signedBase,
    signedTypedData: signature.nullable(),
    typedData: typedDataSchema,
  }),
};

/** The contract lists page/limit/sort on the by-id reads too; they are accepted and have no effect. */
const byIdQuery = z
  .object({ page: z.string().max(32), limit: z.string().max(32), sort: z.string().max(64) })
  .partial()
  .strict();

/** One kind of signed item: its paths, its request body and how the body becomes the request. */
interface KindRoutes<B extends z.ZodType> {
  kind: SignedItemKind;
  path: string;
  name: string;
  /** The path parameter of the by-id read. */
  param: string;
  body: B;
  summary: string;
  /** The sign operation's description (the list and the read share theirs). */
  description: string;
  request: (path: WalletPath, body: RouteInput<{ body: B }>['body']) => SignRequest;
}

const reference = (ref: string | undefined) => (ref ? { externalReference: ref } : {});

/** A path parameter the route's schema validated (its name is only known at run time here). */
function pathValue(params: Record<string, string | undefined>, name: string): string {
  const value = params[name];
  if (value === undefined) throw Errors.notFound('signed item');
  return value;
}

function kindRoutes<B extends z.ZodType>(rpc: RpcClient, spec: KindRoutes<B>) {
  const { kind, path, name, param, body, summary, description } = spec;
  const byIdParams = z.object({ ...{}, ...walletParams, [param]: pathId });
  return [
    defineRoute({
      version: 'v1',
      method: 'post',
      path: `/users/:user/wallets/:wallet/${path}`,
      operationId: `create${name}`,
      summary,
      description,
      tags: ['signatures'],
      auth: 'client',
      userTokens: true,
      scope: ['signatures', 'write'],
      request: { params: z.object(walletParams), body },
      responses: { 200: { description: 'Signed', schema: idResponse } },
      errorStatuses: [401, 403, 404, 409, 503],
      handler: forward(rpc, 'wallet-ledger', SIGNATURE_RPC.sign, {
        params: ({ params, body: input }) => spec.request(walletPathOf(params), input),
      }),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: `/users/:user/wallets/:wallet/${path}`,
      operationId: `list${name}s`,
      summary: `List a wallet's ${path} records`,
      description:
        `Lists a wallet's ${path} records (\`*\` for user or wallet: admin only); filter by \`externalReference\`. ` +
        'Each shows its status (`sent` with its signature, or `pending_approval`, `approved`, `rejected`, `failed`) and what was asked. ' +
        'Changes nothing and is safe to repeat. ' +
        'Errors: 404 `not_found` for a wallet the caller cannot see; 403 `wildcard_forbidden` or `user_forbidden`.',
      tags: ['signatures'],
      auth: 'client',
      userTokens: true,
      scope: ['signatures', 'read'],
      request: {
        params: z.object(walletParams),
        query: listQuerySchema({
          sortFields: ['createdAt'],
          dates: false,
          externalReference: true,
        }),
      },
      responses: { 200: { description: 'Records', schema: z.array(schemas[kind]) } },
      errorStatuses: [401, 403, 404],
      handler: forwardList(rpc, 'wallet-ledger', SIGNATURE_RPC.list, ({ params, query }) => ({
        ...{},
        ...walletPathOf(params),
        kind,
        ...query,
      })),
    }),
    defineRoute({
      version: 'v1',
      method: 'get',
      path: `/users/:user/wallets/:wallet/${path}/:${param}`,
      operationId: `get${name}`,
      summary: `Read one ${path} record`,
      description:
        `Reads one ${path} record of a wallet: what was asked, its status and, once \`sent\`, its signature. ` +
        'Changes nothing and is safe to repeat. ' +
        'Errors: 404 `not_found` for an unknown record (or one of another kind) or a wallet the caller cannot see; 403 `user_forbidden`.',
      tags: ['signatures'],
      auth: 'client',
      userTokens: true,
      scope: ['signatures', 'read'],
      request: { params: byIdParams, query: byIdQuery },
      responses: { 200: { description: 'The record', schema: schemas[kind] } },
      errorStatuses: [401, 403, 404],
      handler: forward(rpc, 'wallet-ledger', SIGNATURE_RPC.get, {
        read: true,
        params: ({ params }) => ({
          ...{},
          ...walletPathOf(params),
          kind,
          id: pathValue(params, param),
        }),
      }),
    }),
  ];
}

export function signatureRoutes(rpc: RpcClient) {
  return [
    ...kindRoutes(rpc, {
      kind: 'tx',
      path: 'sign-tx',
      name: 'SignedTransaction',
      param: 'txId',
      body: signTxBody,
      summary: 'Sign a transaction (EVM `tx`/`txJson`, or Qubic `qubicTxJson`)',
      description:
        "Signs a transaction with the wallet's key: an EVM transaction, serialized (`tx`) or as fields (`txJson`), or a Qubic one (`qubicTxJson`); it answers the record's id, whose read shows the signed transaction. " +
        "The tenant's policies decide on exactly what it moves: 403 `policy_blocked`, or the record is kept `pending_approval` (still 200) and signed at the approval's quorum; the signer signs only with the policy service's signed decision for exactly this transaction (docs/decisions/signing-decisions.md). " +
        'What the signed transaction takes from the wallet (its value and fee reserve) is held as a `broadcast` withdrawal, so the funds cannot be spent twice. ' +
        'Takes an Idempotency-Key: a retry with the same key and body replays the first answer. ' +
        "Errors: 404 `not_found` (the wallet); 403 `user_blocked`, `user_forbidden` or a signer's refusal (`decision_*`); 400 `insufficient_balance`, `invalid_transaction`, `unsupported_transaction_type`, `token_call_unsupported`, `value_and_token_call`, `asset_not_in_wallet`, `unsupported_asset` or `nonce_too_far` (16 signed transactions already wait unsent past the chain's count); 409 `nonce_taken`, `nonce_gap` (the nonce skips some of an address the service also sends withdrawals from: the detail names the one to sign) or `transaction_already_signed`; 503 `restore_in_progress` (the books are behind the chain: a restore is open) or `service_unavailable` (the chain node does not answer).",
      request: (wallet, { externalReference, ...payload }) => ({
        ...{},
        ...wallet,
        kind: 'tx',
        payload,
        ...reference(externalReference),
      }),
    }),
    ...kindRoutes(rpc, {
      kind: 'message',
      path: 'sign-message',
      name: 'SignedMessage',
      param: 'signedMsgId',
      body: signMessageBody,
      summary: 'Sign a message (EIP-191)',
      description:
        "Signs a message (EIP-191) with the wallet's EVM key and answers the record's id, whose read shows the signature. " +
        "The tenant's policies decide on it: 403 `policy_blocked`, or the record is kept `pending_approval` (still 200) and signed at the approval's quorum; the signer signs only with the policy service's signed decision for exactly this message (docs/decisions/signing-decisions.md). " +
        'It moves no funds. Takes an Idempotency-Key: a retry with the same key and body replays the first answer. ' +
        "Errors: 404 `not_found` (the wallet); 403 `user_blocked`, `user_forbidden` or a signer's refusal (`decision_*`); 400 `unsupported_asset` (not an EVM wallet).",
      request: (wallet, { externalReference, ...payload }) => ({
        ...{},
        ...wallet,
        kind: 'message',
        payload,
        ...reference(externalReference),
      }),
    }),
    ...kindRoutes(rpc, {
      kind: 'typed-data',
      path: 'sign-typed-data',
      name: 'SignedTypedData',
      param: 'signedTypedDataId',
      body: signTypedDataBody,
      summary: 'Sign typed data (EIP-712; `value.primaryType` names the root type)',
      description:
        "Signs EIP-712 typed data with the wallet's EVM key (`value.primaryType` names the root type) and answers the record's id, whose read shows the signature. " +
        "The tenant's policies decide on it: 403 `policy_blocked`, or the record is kept `pending_approval` (still 200) and signed at the approval's quorum; the signer signs only with the policy service's signed decision for exactly this data (docs/decisions/signing-decisions.md). " +
        'Typed data that authorizes a token transfer (a permit), recognized by what it does (verified by a catalog token, Permit2 or a configured authorizing contract, or with a `spender` or `to` address and an amount anywhere in its primary type), is refused unless a `sign-typed-data` policy with `allowTokenAuthorizations` applies; then the policies weigh each grant as its token, amount and spender (an unlimited amount, or a token outside the catalog, matches every amount rule). ' +
        'Takes an Idempotency-Key: a retry with the same key and body replays the first answer. ' +
        "Errors: 404 `not_found` (the wallet); 403 `user_blocked`, `user_forbidden` or a signer's refusal (`decision_*`); 400 `token_authorization_refused` (a token authorization no policy allows: it would move tokens off the ledger), `invalid_typed_data` or `unsupported_asset` (not an EVM wallet).",
      request: (wallet, { externalReference, ...payload }) => ({
        ...{},
        ...wallet,
        kind: 'typed-data',
        payload,
        ...reference(externalReference),
      }),
    }),
  ];
}
