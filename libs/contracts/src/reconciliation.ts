/**
 * Reconciliation of the books against the chain (docs/decisions/reconciliation.md): what a run
 * found, per custody address and per asset, at one block. Amounts are canonical decimal strings
 * in the asset's units.
 */

/** One custody address whose balance at the run's block is not what the books expect. */
export interface ReconciliationDeltaView {
  id: string;
  createdAt: string;
  runId: string;
  assetId: string;
  /** The custody address (its wallet's), checksummed. */
  address: string;
  walletId: string;
  /** What the wallet's deposits and withdrawals in the ledger leave at the address. */
  booked: string;
  /**
   * What the chain has done by the run's block and the ledger not yet: deposits still pending
   * (+) and withdrawals mined but not yet settled (−, with a native transfer's fee).
   */
  inFlight: string;
  /** The address's balance at the run's block. */
  onChain: string;
  /** `onChain − (booked + inFlight)`: positive when the chain holds more than the books say. */
  difference: string;
  /**
   * The wallet's ledger balance, what custody owes its user: `booked` plus its internal transfers
   * and purchases, which move no coin on chain.
   */
  liability: string;
}

/** One asset of a run: the sums over its custody addresses. */
export interface ReconciliationAssetView {
  assetId: string;
  /** Custody addresses (wallets) of the asset compared. */
  addresses: number;
  /** The sum of its wallets' balances. */
  liabilities: string;
  /** Its treasury account: the purchases' counterpart, which has no address of its own. */
  treasury: string;
  booked: string;
  inFlight: string;
  onChain: string;
  /** The sum of the addresses' differences. */
  difference: string;
  /**
   * The house's own coin, not compared with any liability: for the native asset, the gas
   * station's balance and the gas left at token addresses; `0` for a token.
   */
  house: string;
}

/** The last run: `none` before any (the manual adapter, or the EVM adapter still starting). */
export type ReconciliationView =
  | { status: 'none' }
  | {
      status: 'clean' | 'broken';
      id: string;
      network: string;
      /** The block the chain was read at: the deepest one the adapter counts as confirmed. */
      blockNumber: number;
      head: number;
      checkedAt: string;
      deltaCount: number;
      assets: ReconciliationAssetView[];
    };

/** The deltas an event carries at most (the rest: `GET /v1/admin/reconciliation/deltas`). */
export const RECONCILIATION_EVENT_MAX_DELTAS = 100;

/** `reconciliation.is-broken` and `reconciliation.is-clean` (system-wide: tenant null). */
export interface ReconciliationEventData {
  runId: string;
  network: string;
  blockNumber: number;
  checkedAt: string;
  deltaCount: number;
  /** The first deltas by asset and address (none when clean). */
  deltas: ReconciliationDeltaView[];
}
