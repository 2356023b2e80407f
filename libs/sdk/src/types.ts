import type { FetchResponse, MaybeOptionalInit } from 'openapi-fetch';

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

/** The keys of `T` that are not optional. */
export type RequiredKeysOf<T> = {
  [K in keyof T]-?: object extends Pick<T, K> ? never : K;
}[keyof T];

/** The paths of `Paths` that have an operation for `M`. */
export type PathsWith<Paths, M extends HttpMethod> = {
  [P in keyof Paths]: Paths[P] extends { [K in M]: unknown } ? P : never;
}[keyof Paths];

/** The init argument of an openapi-fetch method: optional when nothing in it is required. */
export type InitParam<Init> =
  RequiredKeysOf<Init> extends never
    ? [(Init & { [key: string]: unknown })?]
    : [Init & { [key: string]: unknown }];

/** The JSON body of a response object. */
export type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : never;

/** The data of a 2xx answer of `Paths[P][M]`. */
export type DataOf<Paths, P extends keyof Paths, M extends HttpMethod, Init> = Paths[P] extends {
  [K in M]: infer Op;
}
  ? Op extends Record<string | number, unknown>
    ? NonNullable<FetchResponse<Op, Init, `${string}/${string}`>['data']>
    : never
  : never;

/** A method that answers the data of a 2xx answer and throws `CustodyError` otherwise. */
export type DataMethod<Paths extends object, M extends HttpMethod> = <
  P extends PathsWith<Paths, M>,
  Init extends MaybeOptionalInit<Paths[P], Extract<M, keyof Paths[P]>>,
>(
  url: P,
  ...init: InitParam<Init>
) => Promise<DataOf<Paths, P, M, Init>>;

/** The GET paths whose 200 answer is a JSON array: the lists `list()` iterates. */
export type ListPath<Paths> = {
  [P in PathsWith<Paths, 'get'>]: Paths[P] extends { get: { responses: { 200: infer R } } }
    ? JsonOf<R> extends readonly unknown[]
      ? P
      : never
    : never;
}[PathsWith<Paths, 'get'>];

/** One item of the list at `P`. */
export type ListItem<Paths, P> = P extends keyof Paths
  ? Paths[P] extends { get: { responses: { 200: infer R } } }
    ? JsonOf<R> extends readonly (infer I)[]
      ? I
      : never
    : never
  : never;

/** The init of a GET on `P` (its `params`: path and query), as openapi-fetch takes it. */
export type GetInit<Paths, P extends keyof Paths> = MaybeOptionalInit<
  Paths[P],
  Extract<'get', keyof Paths[P]>
>;
