import type { IdentityRpc } from './identity';
import type { IssuerRpc } from './issuer';
import type { NotifierRpc } from './notifier';
import type { PolicyRpc } from './policy';
import { RPC_METHODS, type PingResult, type RpcSpec } from './rpc';
import type { ServiceName } from './services';
import type { SigningRpc } from './signing';
import type { TradingRpc } from './trading';
import type { WalletLedgerRpc } from './wallet-ledger';

/** What every service answers (service-kit serves it). */
export interface CommonRpc {
  [RPC_METHODS.common.ping]: RpcSpec<Record<string, never>, PingResult>;
}

/**
 * The typed RPC seam: each service's methods with their params and results. The RPC client, the
 * gateway's forwarding and each service's handler table are generic over it, so a caller and
 * its service cannot disagree on a shape without the compiler saying so.
 */
export interface RpcContracts {
  identity: IdentityRpc & CommonRpc;
  'wallet-ledger': WalletLedgerRpc & CommonRpc;
  trading: TradingRpc & CommonRpc;
  signing: SigningRpc & CommonRpc;
  issuer: IssuerRpc & CommonRpc;
  notifier: NotifierRpc & CommonRpc;
  policy: PolicyRpc & CommonRpc;
}

/** A method name of a service's contract. */
export type RpcMethod<S extends ServiceName> = keyof RpcContracts[S] & string;

type SpecOf<S extends ServiceName, M extends RpcMethod<S>> = RpcContracts[S][M];

export type RpcParams<S extends ServiceName, M extends RpcMethod<S>> =
  SpecOf<S, M> extends RpcSpec<infer P, unknown> ? P : never;

export type RpcResult<S extends ServiceName, M extends RpcMethod<S>> =
  SpecOf<S, M> extends RpcSpec<unknown, infer R> ? R : never;
