import { z } from 'zod';
import type { ClientView, WalletPath } from '@custody/contracts';
import { parseIsoDate } from '@custody/http';
import { AMOUNT_PATTERN, DECIMAL_PATTERN } from '@custody/money';
import { COUNTRY_CODES } from '@custody/reference-data';
import { contractSchema } from './contract-schema';

/** Schemas shared by several feature folders of the gateway. */

/*
 * Response fields. The gateway does not validate its responses: these schemas document them, so
 * each bound is what the services can really return, never less.
 */
/** A record's id. Every id is usable in a path, so at most as long as `pathId` allows. */
export const idString = z.string().max(128);
/** A date-time as the services render it (`toISOString()`): `2026-01-31T10:00:00.000Z`. */
export const isoDateTime = z.iso.datetime({ precision: 3 });
/**
 * An amount of an operation: canonical, and within 2^256 − 1 base units of its asset (the
 * services refuse more), so at most 78 digits and a point, as `amountSchema` takes it.
 */
export const amountString = z
  .string()
  .max(80)
  .regex(AMOUNT_PATTERN)
  .meta({ description: 'Decimal amount as a string', example: '12.5' });
/**
 * A decimal that a service computes (a balance, a fee, fiat proceeds) or reads from a rate
 * provider (a price, market data): plain notation, at most 100 significant digits (libs/money's
 * precision). Prices are doubles (at most 343 characters in plain notation) or the fixed rates
 * file's (at most 80), times amounts of at most 2^256 − 1 base units: under 500 characters.
 */
export const decimalString = z.string().max(500).regex(DECIMAL_PATTERN);
/** An ISO 4217 code: the configured fiat currency (`FIAT_CURRENCY`). */
export const currencyCode = z.string().regex(/^[A-Z]{3}$/);
/** A catalog asset's id, name and symbol, as trading's asset data file takes them. */
export const assetIdString = z.string().max(32);
export const assetName = z.string().max(100);
export const assetSymbol = z.string().max(16);
/** An EVM address, `0x` and 40 hex digits (EIP-55 checksummed where the service says so). */
export const evmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/);
/** A custody wallet's address: the signing service derives EVM and Qubic (60 letters) keys. */
export const walletAddress = z.union([evmAddress, z.string().regex(/^[A-Z]{60}$/)]);

export const idResponse = z.object({ id: idString });
export const timestamps = { id: idString, createdAt: isoDateTime, updatedAt: isoDateTime };
export const pathId = z.string().min(1).max(128);
/** The path parameters object of a route with one id, named as in its path (`:apiClient`). */
export const idParam = <K extends string>(name: K) =>
  z.object({ [name]: pathId } as Record<K, typeof pathId>);

/** The path parameters of a wallet's routes (`/users/:user/wallets/:wallet/…`). */
export const walletParams = { user: pathId, wallet: pathId };
export const walletPathOf = (params: { user: string; wallet: string }): WalletPath => ({
  userId: params.user,
  walletId: params.wallet,
});

/** One of a list of codes; the error names them all. */
export const codes = <T extends string>(values: readonly T[], what: string) =>
  z.enum(values as [T, ...T[]], { error: `${what}: one of ${values.join(', ')}` });

export const isoDate = z
  .string()
  // The longest ISO form parseIsoDate reads: `2026-01-31T10:00:00.123456789+01:00`.
  .max(35, 'Must be an ISO 8601 date, or a date-time with Z or an offset')
  .refine(
    (value) => parseIsoDate(value) !== undefined,
    'Must be an ISO 8601 date, or a date-time with Z or an offset',
  );
export const country = codes(COUNTRY_CODES, 'ISO 3166-1 alpha-2 country code');
/**
 * zod checks an IPv6 address by parsing it as a URL host, which also takes the forms with an
 * IPv4 tail (`::ffff:192.0.2.1`) that its pattern leaves out: at most 45 characters
 * (`ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255`), stated here for the documents.
 */
export const IP_ADDRESS_MAX = 45;
export const ipAddress = z.union([z.ipv4(), z.ipv6().max(IP_ADDRESS_MAX)], {
  error: 'Must be an IPv4 or IPv6 address',
});
/** Who did it (`device`, `ip`), as the contract asks on onboarding, deletions and payments. */
export const deviceAndIp = { device: z.string().trim().min(1).max(500), ip: ipAddress };
export const externalReference = z.string().trim().min(1).max(255);

export const audienceValue = z.enum(['general', 'admin']);
/** A client's audiences: also `auditor` (reads only; alone). */
export const clientAudienceValue = z.enum(['general', 'admin', 'auditor']);
export const scopesSchema = z
  .array(z.array(z.string().min(1).max(64)).min(2, 'A scope is [resource, action, …]').max(16))
  .max(64)
  .meta({
    description: 'Scope entries `[resource, ...actions]`, e.g. `[["wallets","read"]]`; empty = all',
  });

export const passwordSchema = z.string().min(12, 'At least 12 characters').max(256);

export const clientSchema = contractSchema<ClientView>()(
  z.object({
    ...{},
    ...timestamps,
    name: z.string().max(200),
    email: z.string().max(320),
    audience: z.array(clientAudienceValue).max(2),
    personId: z.string().max(100).optional(),
    tenantId: idString.describe('The tenant the client acts for: its own id, or its tenant'),
    passkeyRequired: z
      .literal(true)
      .optional()
      .describe("A tenant's: its members sign in with passkeys (present when required)"),
  }),
);

/** EIP-712 typed data `{domain, types, value}`; `value.primaryType` may name the root type. */
export const typedDataSchema = z
  .object({
    domain: z
      .object({
        name: z.string().max(200),
        version: z.string().max(50),
        // A uint256 has at most 78 decimal digits.
        chainId: z.union([z.string().max(78).regex(/^\d+$/), z.number().int().nonnegative()]),
        verifyingContract: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
        salt: z.string().regex(/^0x[0-9a-fA-F]{64}$/),
      })
      .partial()
      .strict(),
    types: z.record(
      z
        .string()
        .max(100)
        .regex(/^[A-Za-z_][A-Za-z0-9_]*$/),
      z
        .array(
          z.object({ name: z.string().min(1).max(100), type: z.string().min(1).max(100) }).strict(),
        )
        .max(100),
    ),
    // Keys are the field names of the types' entries (`name`, at most 100 characters).
    value: z.record(z.string().max(100), z.unknown()),
  })
  .strict();
