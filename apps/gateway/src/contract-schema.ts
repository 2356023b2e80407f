import type { z } from 'zod';

/*
 * The tie between a response schema and the contract type its service returns
 * (libs/contracts): the two must have the same fields at every level, each optional on both
 * sides or on neither, nullable on both or on neither. Where the contract leaves a value open
 * (`string`, `number`, a `Record<string, …>`, `unknown`), the schema may document what the
 * service really returns (an enum, an object's members); a closed set of values (a union of
 * literals or of objects) must be the same set on both sides. A route that deliberately answers
 * another shape ties its schema to that shape, derived from the contract type beside it. The
 * schema's output type is compared (the documents show its input: the same, but for the one cast
 * of policies' `window`); a list route's array is tied through its record's schema.
 */

type Path<P extends string, K extends string> = P extends '' ? K : `${P}.${K}`;
type At<P extends string> = P extends '' ? '(root)' : P;

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (
  i: infer I,
) => void
  ? I
  : never;
type IsUnion<T> = [T] extends [UnionToIntersection<T>] ? false : true;
type Same<S, C> = [S] extends [C] ? ([C] extends [S] ? true : false) : false;
type IsOptional<T, K extends keyof T> = object extends Pick<T, K> ? true : false;

type Member<S, C, K extends PropertyKey, P extends string> = K extends string
  ? K extends keyof C
    ? K extends keyof S
      ? IsOptional<S, K> extends IsOptional<C, K>
        ? Mismatches<S[K], C[K], Path<P, K>>
        : IsOptional<S, K> extends true
          ? `${Path<P, K>}: optional in the schema only`
          : `${Path<P, K>}: optional in the contract only`
      : `${Path<P, K>}: missing from the schema`
    : `${Path<P, K>}: not in the contract`
  : never;

type Members<S, C, P extends string> = string extends keyof C
  ? [S] extends [C]
    ? never
    : `${At<P>}: not the contract's record`
  : { [K in keyof S | keyof C]-?: Member<S, C, K, P> }[keyof S | keyof C];

type Value<S, C, P extends string> = [C] extends [readonly (infer CItem)[]]
  ? [S] extends [readonly (infer SItem)[]]
    ? Mismatches<SItem, CItem, `${At<P>}[]`>
    : `${At<P>}: not an array in the schema`
  : string extends C
    ? [S] extends [string]
      ? never
      : `${At<P>}: not a string in the schema`
    : number extends C
      ? [S] extends [number]
        ? never
        : `${At<P>}: not a number in the schema`
      : IsUnion<C> extends true
        ? Same<S, C> extends true
          ? never
          : `${At<P>}: other values than the contract's`
        : [C] extends [object]
          ? [S] extends [object]
            ? Members<S, C, P>
            : `${At<P>}: not an object in the schema`
          : Same<S, C> extends true
            ? never
            : `${At<P>}: another type than the contract's`;

/**
 * Where a schema's output `S` differs from the contract type `C`, one message per difference
 * (`never` when they match).
 */
export type Mismatches<S, C, P extends string = ''> = unknown extends C
  ? never
  : (null extends S ? true : false) extends (null extends C ? true : false)
    ? Value<Exclude<S, null | undefined>, Exclude<C, null | undefined>, P>
    : null extends S
      ? `${At<P>}: nullable in the schema only`
      : `${At<P>}: nullable in the contract only`;

type Tie<S, C> = [Mismatches<S, C>] extends [never]
  ? unknown
  : { 'differs from its contract type': Mismatches<S, C> };

/**
 * The schema as given, once the compiler has checked it against the contract type `C`:
 * `contractSchema<UserView>()(z.object({ … }))`. A difference fails to compile, naming each
 * field that differs.
 */
export function contractSchema<C>() {
  return <S extends z.ZodType>(schema: S & Tie<z.output<S>, C>): S => schema;
}
