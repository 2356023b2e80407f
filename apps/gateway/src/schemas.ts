import { z } from 'zod';
import type { WalletPath } from '@custody/contracts';
import { parseIsoDate } from '@custody/http';
import { COUNTRY_CODES } from '@custody/reference-data';

/** Schemas shared by several feature folders of the gateway. */
export const idResponse = z.object({ id: z.string() });
export const timestamps = {
  id: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
};
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
  .refine(
    (value) => parseIsoDate(value) !== undefined,
    'Must be an ISO 8601 date, or a date-time with Z or an offset',
  );
export const country = codes(COUNTRY_CODES, 'ISO 3166-1 alpha-2 country code');
export const ipAddress = z.union([z.ipv4(), z.ipv6()], {
  error: 'Must be an IPv4 or IPv6 address',
});
/** Who did it (`device`, `ip`), as the contract asks on onboarding, deletions and payments. */
export const deviceAndIp = { device: z.string().trim().min(1).max(500), ip: ipAddress };
export const externalReference = z.string().trim().min(1).max(255);

export const audienceValue = z.enum(['general', 'admin']);
export const scopesSchema = z
  .array(z.array(z.string().min(1).max(64)).min(2, 'A scope is [resource, action, …]').max(16))
  .max(64)
  .meta({
    description: 'Scope entries `[resource, ...actions]`, e.g. `[["wallets","read"]]`; empty = all',
  });

export const passwordSchema = z.string().min(12, 'At least 12 characters').max(256);

export const clientSchema = z.object({
  ...{},
  ...timestamps,
  name: z.string(),
  email: z.string(),
  audience: z.array(audienceValue),
  tenantId: z.string().describe('The tenant the client acts for: its own id, or its tenant'),
});

/** EIP-712 typed data `{domain, types, value}`; `value.primaryType` may name the root type. */
export const typedDataSchema = z
  .object({
    domain: z
      .object({
        name: z.string().max(200),
        version: z.string().max(50),
        chainId: z.union([z.string().regex(/^\d+$/), z.number().int().nonnegative()]),
        verifyingContract: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
        salt: z.string().regex(/^0x[0-9a-fA-F]{64}$/),
      })
      .partial()
      .strict(),
    types: z.record(
      z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/),
      z
        .array(
          z.object({ name: z.string().min(1).max(100), type: z.string().min(1).max(100) }).strict(),
        )
        .max(100),
    ),
    value: z.record(z.string(), z.unknown()),
  })
  .strict();
