import {
  type AuthContext,
  type GovernedLeg,
  type GovernedOperation,
  IDENTITY_RPC,
  TRADING_RPC,
} from '@custody/contracts';
import type { RpcClient } from '@custody/messaging';
import { fromNumber, isZero, mul } from '@custody/money';
import { type EvaluatedPolicy, type Facts, needs } from '../evaluation/evaluation.rules';
import { FreshValues } from './fresh-values';

/** How long a price read from trading serves, and how many assets' prices are kept. */
const PRICE_CACHE_MS = 1_000;
/** A cached price older than this is read again in the background. */
const PRICE_REFRESH_MS = 800;
const MAX_CACHED_PRICES = 1_000;

/**
 * The facts of other services that policies' rules read (trading's rates, identity's
 * whitelists), kept apart from the approvals' own data: read before any lock is taken.
 */
export class OperationFacts {
  private readonly prices = new FreshValues<string>({
    maxAgeMs: PRICE_CACHE_MS,
    refreshAfterMs: PRICE_REFRESH_MS,
    maxKeys: MAX_CACHED_PRICES,
  });

  constructor(private readonly rpc: RpcClient) {}

  /** The identity and trading facts the operation's policies need, read once each. */
  async of(
    caller: AuthContext,
    op: GovernedOperation,
    policies: readonly EvaluatedPolicy[],
  ): Promise<Omit<Facts, 'velocity'>> {
    const fiat =
      needs(policies, op, 'fiat_amount_above') &&
      (await Promise.all(op.legs.map((leg) => this.fiatAmount(caller, leg))));
    const verified =
      needs(policies, op, 'destination_not_whitelisted') &&
      (await Promise.all(op.legs.map((leg) => this.destinationVerified(caller, leg))));
    return {
      ...(fiat ? { fiatAmounts: fiat } : {}),
      ...(verified ? { destinationVerified: verified } : {}),
    };
  }

  /**
   * A leg's value in the service's fiat currency at trading's current rate; none when the rate
   * is stale or trading does not answer (the rule then matches: fail closed). Nothing moved is
   * worth nothing, whatever the rate.
   */
  private async fiatAmount(caller: AuthContext, leg: GovernedLeg): Promise<string | undefined> {
    // A purchase states its fiat side, at the rate it was quoted.
    if (leg.fiatAmount !== undefined) return leg.fiatAmount;
    if (isZero(leg.amount)) return '0';
    const price = await this.fiatPrice(caller, leg.assetId);
    return price === undefined ? undefined : mul(leg.amount, price);
  }

  /**
   * An asset's fresh price in the service's fiat currency, read from trading at most once a
   * second per asset (a batch of transfers asks once) and again ahead of its expiry; none when
   * stale or unanswered (see FreshValues).
   */
  private fiatPrice(caller: AuthContext, assetId: string): Promise<string | undefined> {
    return this.prices.get(assetId, () =>
      this.rpc
        .call('trading', TRADING_RPC.getAsset, { assetId }, { auth: caller, idempotent: true })
        .then(({ rate }) => (rate && !rate.stale ? fromNumber(rate.fiatPrice) : undefined)),
    );
  }

  /** Whether identity has the leg's destination on its wallet's whitelist, travel-rule verified. */
  private async destinationVerified(caller: AuthContext, leg: GovernedLeg): Promise<boolean> {
    if (leg.destination === undefined) return false;
    const { verified } = await this.rpc.call(
      'identity',
      IDENTITY_RPC.isWhitelisted,
      { userId: leg.userId, walletId: leg.walletId, address: leg.destination },
      { auth: caller, idempotent: true },
    );
    return verified;
  }
}
