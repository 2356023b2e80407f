-- Lists at scale (docs/decisions.md, "Lists at scale"): every list orders by its sort column, then
-- by id, and a cursor page starts after a (sort value, id) pair. Each index below ends with
-- (sort column, id) behind the equality filters a list query takes, so that a page, a cursor
-- page at any depth and a filter that matches nothing each read a few index entries (a B-tree
-- is read backwards for the descending sorts). Chosen from EXPLAIN of the service's queries;
-- apps/wallet-ledger/src/transactions/transactions.indexes.spec.ts holds the hot ones to it.

-- A wallet's movements: the default sort, each filter of the contract, and sort=amount.
DROP INDEX ledger.transactions_wallet_idx;
CREATE INDEX transactions_wallet_idx ON ledger.transactions (wallet_id, created_at, id);
CREATE INDEX transactions_wallet_movement_idx
  ON ledger.transactions (wallet_id, movement, created_at, id);
CREATE INDEX transactions_wallet_subtype_idx
  ON ledger.transactions (wallet_id, movement_subtype, created_at, id);
CREATE INDEX transactions_wallet_status_idx
  ON ledger.transactions (wallet_id, status, created_at, id);
CREATE INDEX transactions_wallet_amount_idx ON ledger.transactions (wallet_id, amount, id);
-- A tenant's (admin: every) movements, the `*` lists; assetId and symbol across wallets.
DROP INDEX ledger.transactions_tenant_idx;
CREATE INDEX transactions_tenant_idx ON ledger.transactions (tenant_id, created_at, id);
CREATE INDEX transactions_created_idx ON ledger.transactions (created_at, id);
CREATE INDEX transactions_asset_idx ON ledger.transactions (asset_id, created_at, id);

DROP INDEX ledger.transfers_tenant_idx;
CREATE INDEX transfers_tenant_idx ON ledger.transfers (tenant_id, created_at, id);
CREATE INDEX transfers_created_idx ON ledger.transfers (created_at, id);
CREATE INDEX transfers_reference_idx ON ledger.transfers (tenant_id, external_reference)
  WHERE external_reference IS NOT NULL;

DROP INDEX ledger.withdrawals_wallet_idx;
CREATE INDEX withdrawals_wallet_idx ON ledger.withdrawals (wallet_id, created_at, id);
CREATE INDEX withdrawals_wallet_status_idx
  ON ledger.withdrawals (wallet_id, status, created_at, id);
DROP INDEX ledger.withdrawals_tenant_idx;
CREATE INDEX withdrawals_tenant_idx ON ledger.withdrawals (tenant_id, created_at, id);

DROP INDEX ledger.incomes_wallet_idx;
CREATE INDEX incomes_wallet_idx ON ledger.incomes (wallet_id, created_at, id);
CREATE INDEX incomes_wallet_status_idx ON ledger.incomes (wallet_id, status, created_at, id);
DROP INDEX ledger.incomes_tenant_idx;
CREATE INDEX incomes_tenant_idx ON ledger.incomes (tenant_id, created_at, id);

DROP INDEX ledger.signed_items_wallet_idx;
CREATE INDEX signed_items_wallet_idx ON ledger.signed_items (wallet_id, kind, created_at, id);

-- Wallets: a tenant's and (admin) every tenant's, the `*` lists.
CREATE INDEX wallets_tenant_created_idx ON ledger.wallets (tenant_id, created_at, id);
CREATE INDEX wallets_created_idx ON ledger.wallets (created_at, id);
