import type { CreateTransferRequest } from '@custody/contracts';
import type { Transaction } from '@custody/persistence';
import type { AssetCatalog } from '../assets/asset-catalog';
import { lockPartiesStatements, partyRows } from './transfers.repository';
import type { Parties } from './transfers.rules';

/** The locked rows (`lockPartiesStatements`) as parties, each wallet with its asset's decimals. */
export async function partiesOf(catalog: AssetCatalog, rows: unknown[]): Promise<Parties> {
  const { wallets, users, accounts } = partyRows(rows);
  // An asset missing from the catalog is a server fault (500), never "0 decimals"; raised when
  // a caller who may see the wallet names it (the batch reads wallets of several tenants).
  const withDecimals = await Promise.all(
    wallets.map(async (r) => {
      try {
        return { ...{}, ...r, decimals: (await catalog.require(r.assetId)).decimals };
      } catch (error) {
        return { ...{}, ...r, decimals: Number.NaN, catalogError: error };
      }
    }),
  );
  return { wallets: new Map(withDecimals.map((r) => [r.id, r])), users, accounts };
}

/** Locks one transfer's wallets, users and accounts in the caller's transaction. */
export async function lockParties(
  tx: Transaction,
  catalog: AssetCatalog,
  request: Pick<CreateTransferRequest, 'requestedTransactions'>,
): Promise<Parties> {
  let rows: unknown[] = [];
  for (const statement of lockPartiesStatements(request.requestedTransactions))
    rows = (await tx.execute(statement)).rows;
  return partiesOf(catalog, rows);
}
