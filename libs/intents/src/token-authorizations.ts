import { formatUnits } from 'ethers';
import type { GovernedLeg, TypedDataInput } from '@custody/contracts';
import { canonical } from '@custody/money';

/**
 * Typed data that lets someone take the signer's tokens with no transaction from its address (an
 * EIP-2612 permit, an EIP-3009 authorization, a Permit2 message, or the same fields under any
 * other name), recognized by what it does, not by its type names
 * (docs/decisions/policies-and-approvals.md, "Token authorizations"): verified by a catalog
 * token or an authorizing contract, or shaped as a grant (a `spender` or `to` address with an
 * amount) anywhere in its primary type.
 */

/** Uniswap's Permit2, at the address it has on every chain. */
export const PERMIT2 = '0x000000000022d473030f116ddee9f6b43ac78ba3';

export const MAX_UINT256 = 2n ** 256n - 1n;

/** The asset id of a grant of a token outside the catalog (or of none the data names). */
export const UNKNOWN_TOKEN = 'unknown';

/** Who may take: EIP-2612's and Permit2's `spender`, EIP-3009's `to`. */
const SPENDER_FIELDS: ReadonlySet<string> = new Set(['spender', 'to']);
/** How much: EIP-2612's `value`, Permit2's `amount`. */
const AMOUNT_FIELDS: ReadonlySet<string> = new Set(['value', 'amount']);
/** Permit2's token permissions: a grant whatever the fields inside are called. */
const GRANT_FIELDS: ReadonlySet<string> = new Set(['permitted']);

/**
 * Bounds on the work one payload costs: type fields looked at, values read, nesting, and grants
 * kept. Past them the data is not read further and is weighed as an unlimited grant of an
 * unknown token (fail closed).
 */
export const LIMITS = { fields: 10_000, values: 10_000, depth: 32, grants: 32 } as const;

/** One grant: who may take how many base units of which token. */
export interface TokenGrant {
  /** The token's contract, lower-case; null: the data names none. */
  token: string | null;
  /** The spender (or `to`), lower-case; null: not readable. */
  spender: string | null;
  /** Base units; null: not readable (weighed as unlimited). */
  units: bigint | null;
}

/** The contracts whose typed data is a token authorization whatever its shape. */
export interface KnownContracts {
  /** Catalog tokens by lower-case contract address. */
  tokens: ReadonlyMap<string, { assetId: string; decimals: number }>;
  /** Contracts that move tokens on a signature (Permit2, the configured ones), lower-case. */
  authorizers: ReadonlySet<string>;
}

type Field = { name: string; type: string };
type Types = TypedDataInput['types'];

const UNKNOWN_GRANT: TokenGrant = { token: null, spender: null, units: null };

/**
 * The grants of typed data that authorizes a token transfer (at least one); undefined for typed
 * data that does not.
 */
export function tokenAuthorization(
  typedData: TypedDataInput,
  known: KnownContracts,
): TokenGrant[] | undefined {
  const { types, value, domain } = typedData;
  const contract = address(domain['verifyingContract']);
  const byToken = contract !== null && known.tokens.has(contract);
  const byAuthorizer = contract !== null && known.authorizers.has(contract);
  const roots = rootsOf(types, value['primaryType']);
  if (!byToken && !byAuthorizer && !grantShaped(types, roots)) return undefined;
  // A token verifies its own permits; an authorizer's data names the tokens it moves.
  const verifyingToken = byAuthorizer ? null : contract;
  const grants = grantsOf(types, roots, value, verifyingToken);
  return grants.length > 0 ? grants : [{ ...UNKNOWN_GRANT, token: verifyingToken }];
}

/**
 * The legs a token authorization's grants are governed as: the token's catalog asset and amount
 * in its units, to the spender; unlimited, unreadable or outside the catalog, not `bounded`.
 */
export function grantLegs(
  grants: readonly TokenGrant[],
  tokens: KnownContracts['tokens'],
): Omit<GovernedLeg, 'userId' | 'walletId'>[] {
  return grants.map((grant) => {
    const asset = grant.token === null ? undefined : tokens.get(grant.token);
    const units = grant.units ?? MAX_UINT256;
    return {
      assetId: asset?.assetId ?? UNKNOWN_TOKEN,
      amount: asset ? canonical(formatUnits(units, asset.decimals)) : units.toString(),
      ...(grant.spender !== null ? { destination: grant.spender } : {}),
      tokenAuthorization: {
        token: grant.token,
        bounded: asset !== undefined && grant.units !== null && grant.units < MAX_UINT256,
      },
    };
  });
}

/**
 * The primary type: the one the value names, else the types no other type refers to (one, in
 * data ethers can sign), else every type (each refers to another: a cycle).
 */
function rootsOf(types: Types, primaryType: unknown): string[] {
  if (typeof primaryType === 'string' && Object.hasOwn(types, primaryType)) return [primaryType];
  const names = Object.keys(types).filter((name) => name !== 'EIP712Domain');
  const referred = new Set(
    names.flatMap((name) => fieldsOf(types, name).map((field) => baseType(field.type))),
  );
  const roots = names.filter((name) => !referred.has(name));
  return roots.length > 0 ? roots : names;
}

/**
 * Whether the types reachable from the roots hold a spender (an address `spender` or `to`)
 * and an amount (`value`, `amount`, DAI's `allowed`, or Permit2's `permitted` entries), at any
 * depth: Permit2's `PermitSingle` has its amount in `details`. Each type is read once, so a
 * recursive type ends; past the field budget it counts as one (fail closed).
 */
function grantShaped(types: Types, roots: readonly string[]): boolean {
  let spender = false;
  let amount = false;
  let budget: number = LIMITS.fields;
  const seen = new Set<string>();
  const pending = [...roots];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (seen.has(name)) continue;
    seen.add(name);
    for (const field of fieldsOf(types, name)) {
      if (--budget < 0) return true;
      const base = baseType(field.type);
      if (SPENDER_FIELDS.has(field.name) && base === 'address') spender = true;
      if (isAmount(field) || GRANT_FIELDS.has(field.name)) amount = true;
      if (Object.hasOwn(types, base)) pending.push(base);
    }
    if (spender && amount) return true;
  }
  return false;
}

interface Inherited {
  token: string | null;
  spender: string | null;
}

/**
 * Every struct of the value with an amount is one grant: its own `token` and spender, else
 * those of the struct it is in (Permit2's `permitted[i].amount` with the root's `spender`), the
 * token else the domain's verifying contract. Bounded in values read, depth and grants: past
 * them, one unknown, unlimited grant stands for all.
 */
function grantsOf(
  types: Types,
  roots: readonly string[],
  value: Record<string, unknown>,
  verifyingToken: string | null,
): TokenGrant[] {
  const [root, ...others] = roots;
  // The value is read as its primary type: with none to tell, nothing is read.
  if (root === undefined || others.length > 0) return [UNKNOWN_GRANT];
  const grants: TokenGrant[] = [];
  let values = 0;
  let overflow = false;
  const visit = (
    type: string,
    record: Record<string, unknown>,
    outer: Inherited,
    depth: number,
  ): void => {
    if (overflow) return;
    if (++values > LIMITS.values || depth > LIMITS.depth || grants.length > LIMITS.grants) {
      overflow = true;
      return;
    }
    const fields = fieldsOf(types, type);
    const own = { ...outer };
    const amounts: (bigint | null)[] = [];
    for (const field of fields) {
      const base = baseType(field.type);
      const item = Object.hasOwn(record, field.name) ? record[field.name] : undefined;
      if (field.name === 'token' && base === 'address') own.token = address(item);
      if (SPENDER_FIELDS.has(field.name) && base === 'address') own.spender = address(item);
      if (isAmount(field)) amounts.push(unitsOf(field, item));
    }
    if (amounts.length > 0) grants.push({ ...own, units: largest(amounts) });
    for (const field of fields) {
      const base = baseType(field.type);
      if (!Object.hasOwn(types, base)) continue;
      const item = Object.hasOwn(record, field.name) ? record[field.name] : undefined;
      const structs = elements(item, dimensions(field.type), LIMITS.values - values);
      if (!structs) {
        overflow = true;
        return;
      }
      // An absent struct holds nothing (and ethers refuses to sign it).
      for (const struct of structs) if (isRecord(struct)) visit(base, struct, own, depth + 1);
    }
  };
  visit(root, value, { token: verifyingToken, spender: null }, 0);
  return overflow || grants.length > LIMITS.grants ? [UNKNOWN_GRANT] : grants;
}

/** The most of the amounts a struct names; null (unlimited) when one is unreadable. */
function largest(amounts: readonly (bigint | null)[]): bigint | null {
  let most = 0n;
  for (const amount of amounts) {
    if (amount === null) return null;
    if (amount > most) most = amount;
  }
  return most;
}

/** A type's fields, only those well formed (the input comes from a client). */
function fieldsOf(types: Types, name: string): Field[] {
  const fields: unknown = Object.hasOwn(types, name) ? types[name] : undefined;
  if (!Array.isArray(fields)) return [];
  return fields.filter(
    (field): field is Field =>
      isRecord(field) && typeof field['name'] === 'string' && typeof field['type'] === 'string',
  );
}

/** `TokenPermissions[][2]` → `TokenPermissions`. */
function baseType(type: string): string {
  return type.replace(/(\[\d*\])+$/, '');
}

function dimensions(type: string): number {
  return (type.match(/\[\d*\]/g) ?? []).length;
}

/**
 * A struct field's value, or an array field's elements (nested arrays flattened); undefined when
 * they are more than `limit`.
 */
function elements(item: unknown, nesting: number, limit: number): unknown[] | undefined {
  let level: unknown[] = [item];
  for (let d = 0; d < nesting; d += 1) {
    const next: unknown[] = [];
    for (const list of level) {
      if (!Array.isArray(list)) continue;
      const items: unknown[] = list;
      if (next.length + items.length > limit) return undefined;
      for (const element of items) next.push(element);
    }
    level = next;
  }
  return level;
}

function isAmount(field: Field): boolean {
  if (field.name === 'allowed') return field.type === 'bool';
  return AMOUNT_FIELDS.has(field.name) && /^u?int\d*$/.test(field.type);
}

/** An amount's base units; DAI's `allowed: true` is everything; null when not readable. */
function unitsOf(field: Field, item: unknown): bigint | null {
  if (field.type === 'bool') return item === true ? MAX_UINT256 : item === false ? 0n : null;
  let units: bigint | null = null;
  if (typeof item === 'bigint') units = item;
  else if (typeof item === 'number' && Number.isSafeInteger(item)) units = BigInt(item);
  // At most 78 digits or 64 hex digits: BigInt never reads a huge string.
  else if (typeof item === 'string' && /^(\d{1,78}|0x[0-9a-fA-F]{1,64})$/.test(item))
    units = BigInt(item);
  return units !== null && units >= 0n && units <= MAX_UINT256 ? units : null;
}

function address(item: unknown): string | null {
  return typeof item === 'string' && /^0x[0-9a-fA-F]{40}$/.test(item) ? item.toLowerCase() : null;
}

function isRecord(item: unknown): item is Record<string, unknown> {
  return typeof item === 'object' && item !== null && !Array.isArray(item);
}
