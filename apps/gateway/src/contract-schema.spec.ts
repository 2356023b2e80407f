import { z } from 'zod';
import type { UserView } from '@custody/contracts';
import { contractSchema, type Mismatches } from './contract-schema';
import { userSchema } from './users/users.schemas';

// The tie's claims are checked by the compiler (`npm run typecheck` covers spec files): each
// `@ts-expect-error` line must fail to compile, or the typecheck fails; each `sameType` call
// compiles only with the very messages given. Jest runs what is left: the schema comes back as is.

type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const sameType = <A, B>(_proof: Equal<A, B>) => undefined;

interface Contract {
  id: string;
  status: 'pending' | 'done';
  note?: string;
  doneAt: string | null;
  legs: { amount: string }[];
}

const fields = {
  id: z.string(),
  status: z.enum(['pending', 'done']),
  note: z.string().optional(),
  doneAt: z.string().nullable(),
  legs: z.array(z.object({ amount: z.string() })),
};

describe('contractSchema', () => {
  it('gives back the schema it checked', () => {
    const schema = z.object(fields);
    expect(contractSchema<Contract>()(schema)).toBe(schema);
    expect(contractSchema<UserView>()(userSchema)).toBe(userSchema);
  });

  it('fails to compile on every kind of difference', () => {
    const { note: _note, ...withoutNote } = fields;
    const mismatches = [
      // @ts-expect-error a field of the contract missing from the schema
      contractSchema<Contract>()(z.object(withoutNote)),
      // @ts-expect-error a field of the schema missing from the contract
      contractSchema<Contract>()(z.object({ ...fields, extra: z.string() })),
      // @ts-expect-error optional in the contract, required in the schema
      contractSchema<Contract>()(z.object({ ...fields, note: z.string() })),
      // @ts-expect-error required in the contract, optional in the schema
      contractSchema<Contract>()(z.object({ ...fields, id: z.string().optional() })),
      // @ts-expect-error nullable in the contract only
      contractSchema<Contract>()(z.object({ ...fields, doneAt: z.string() })),
      // @ts-expect-error nullable in the schema only
      contractSchema<Contract>()(z.object({ ...fields, id: z.string().nullable() })),
      // @ts-expect-error a closed set of values missing one
      contractSchema<Contract>()(z.object({ ...fields, status: z.enum(['pending']) })),
      // @ts-expect-error another type
      contractSchema<Contract>()(z.object({ ...fields, id: z.number() })),
      // @ts-expect-error a difference inside an array's items
      contractSchema<Contract>()(z.object({ ...fields, legs: z.array(z.object({})) })),
      // @ts-expect-error a field added to a real contract type and not to its schema
      contractSchema<UserView & { nickname: string }>()(userSchema),
      // @ts-expect-error a field removed from a real contract type and kept in its schema
      contractSchema<Omit<UserView, 'blocked'>>()(userSchema),
    ];
    expect(mismatches).toHaveLength(11);
  });

  it('names each difference, at its path', () => {
    // Only its type is used.
    const _wrong = z.object({
      ...fields,
      id: z.string().optional(),
      extra: z.string(),
      doneAt: z.string(),
      legs: z.array(z.object({ amount: z.number() })),
    });
    sameType<
      Mismatches<z.output<typeof _wrong>, Contract>,
      | 'id: optional in the schema only'
      | 'extra: not in the contract'
      | 'doneAt: nullable in the contract only'
      | 'legs[].amount: not a string in the schema'
    >(true);
    sameType<Mismatches<{ a?: string }, { a?: string; b: number }>, 'b: missing from the schema'>(
      true,
    );
    sameType<Mismatches<{ s: 'x' }, { s: 'x' | 'y' }>, "s: other values than the contract's">(true);
  });

  it('lets the schema document what an open contract type leaves open', () => {
    interface Open {
      kind: string;
      count: number;
      detail: Record<string, unknown>;
      data: unknown;
    }
    const schema = z.object({
      kind: z.enum(['a', 'b']),
      count: z.int().min(0),
      detail: z.object({ reason: z.string() }),
      data: z.record(z.string(), z.unknown()),
    });
    sameType<Mismatches<z.output<typeof schema>, Open>, never>(true);
    expect(contractSchema<Open>()(schema)).toBe(schema);
  });
});
