import type { GovernedOperation, PurchaseOperation, RpcErrorBody } from '@custody/contracts';
import { Errors } from '@custody/errors';
import {
  compare,
  decimalPlaces,
  divDown,
  fitsBaseUnits,
  isZero,
  mul,
  sub,
  TOO_MANY_BASE_UNITS,
} from '@custody/money';

// The money rules of a purchase (docs/decisions/purchases.md): pure, so that every figure is
// unit-tested; the service loads the wallet, asset and rate and calls these in its order.

/** Fiat amounts carry at most the currency's minor units (cents). */
export const FIAT_DECIMALS = 2;

export interface Quote {
  /** As asked: fiat for buy, crypto for sell. */
  amount: string;
  fee: string;
  netAmount: string;
  purchased: string;
  /** The crypto that moves in the ledger: credited on buy, debited on sell. */
  cryptoAmount: string;
}

export interface QuoteRequest {
  operation: PurchaseOperation;
  amount: string;
  price: string;
  feeBps: number;
  assetDecimals: number;
}

/** 150 bps → "0.015" (exact: bps are whole numbers). */
export function feeRate(feeBps: number): string {
  return divDown(String(feeBps), '10000', 4);
}

/** A request may name the fiat currency, but purchases are quoted in the configured one only. */
export function checkFiatCurrency(requested: string | undefined, configured: string): void {
  if (requested !== undefined && requested !== configured) {
    throw Errors.validation([{ path: 'body.fiatCurrency', message: `Must be ${configured}` }]);
  }
}

/** Buying and selling are switched on and off per asset. */
export function checkTradingEnabled(
  asset: { symbol: string; buyEnabled: boolean; sellEnabled: boolean },
  operation: PurchaseOperation,
): void {
  const enabled = operation === 'buy' ? asset.buyEnabled : asset.sellEnabled;
  if (!enabled) {
    throw Errors.badRequest(
      `${operation === 'buy' ? 'Buying' : 'Selling'} ${asset.symbol} is disabled.`,
      'asset_disabled',
    );
  }
}

/**
 * The arithmetic of docs/decisions/purchases.md, exact to the last decimal.
 * buy: fee = amount × rate; netAmount = amount − fee; purchased = netAmount / price, rounded down
 * to the asset's decimals. sell: proceeds = amount × price; fee = proceeds × rate;
 * netAmount = proceeds − fee; purchased = proceeds.
 */
export function quote(input: QuoteRequest): Quote {
  const { operation, amount, price, feeBps, assetDecimals } = input;
  const rate = feeRate(feeBps);
  if (operation === 'buy') {
    if (decimalPlaces(amount) > FIAT_DECIMALS) {
      throw Errors.validation([
        { path: 'body.amount', message: `A fiat amount has at most ${FIAT_DECIMALS} decimals` },
      ]);
    }
    const fee = mul(amount, rate);
    const netAmount = sub(amount, fee);
    const purchased = divDown(netAmount, price, assetDecimals);
    if (isZero(purchased)) {
      throw Errors.badRequest(
        'The amount buys less than the smallest unit of the asset.',
        'amount_too_small',
      );
    }
    if (!fitsBaseUnits(purchased, assetDecimals)) {
      throw Errors.badRequest(
        'The amount buys more of the asset than a chain account can hold (2^256 − 1 base units).',
        'amount_too_large',
      );
    }
    return { amount, fee, netAmount, purchased, cryptoAmount: purchased };
  }
  if (decimalPlaces(amount) > assetDecimals) {
    throw Errors.validation([
      { path: 'body.amount', message: `At most ${assetDecimals} decimal places for this asset` },
    ]);
  }
  if (!fitsBaseUnits(amount, assetDecimals)) {
    throw Errors.validation([{ path: 'body.amount', message: TOO_MANY_BASE_UNITS }]);
  }
  const proceeds = mul(amount, price);
  const fee = mul(proceeds, rate);
  return { amount, fee, netAmount: sub(proceeds, fee), purchased: proceeds, cryptoAmount: amount };
}

/** A sell takes at most the wallet's available balance (the ledger checks again on settling). */
export function checkAvailableBalance(
  operation: PurchaseOperation,
  wallet: { id: string; availableBalance: string },
  q: Pick<Quote, 'cryptoAmount'>,
): void {
  if (operation === 'sell' && compare(wallet.availableBalance, q.cryptoAmount) < 0) {
    throw Errors.badRequest('Not enough available balance.', 'insufficient_balance', {
      details: { walletId: wallet.id, available: wallet.availableBalance },
    });
  }
}

/**
 * A purchase as the policies weigh it (docs/decisions/purchases.md): one leg on its wallet, the
 * crypto that moves (a buy's credit, a sell's debit) and its fiat value at the quoted rate before
 * the fee (a buy's amount paid, a sell's proceeds), so a fiat limit reads the deal as quoted.
 */
export function governedPurchase(purchase: {
  id: string;
  tenantId: string;
  userId: string;
  walletId: string;
  assetId: string;
  operation: PurchaseOperation;
  amount: string;
  purchased: string;
}): GovernedOperation {
  const buy = purchase.operation === 'buy';
  return {
    activity: 'purchase',
    operationId: purchase.id,
    tenantId: purchase.tenantId,
    legs: [
      {
        userId: purchase.userId,
        walletId: purchase.walletId,
        assetId: purchase.assetId,
        amount: buy ? purchase.purchased : purchase.amount,
        fiatAmount: buy ? purchase.amount : purchase.purchased,
      },
    ],
  };
}

/** Why a held purchase ends `rejected` when its approval does not pass, as its `failure`. */
export function approvalFailure(outcome: string): RpcErrorBody {
  return {
    status: 409,
    code: `approval_${outcome}`,
    message: `The approval this purchase waited for was ${outcome}: nothing was booked.`,
  };
}
