-- Lists at scale (docs/decisions.md, "Lists at scale"), for the wallet-scoped lists beside a
-- wallet's movements and a user's movements over every wallet: each of their sorts and scopes
-- reads an index in the list's order, as 0016 did for a wallet's movements.
-- apps/wallet-ledger/src/lists.indexes.spec.ts and transactions.indexes.spec.ts hold them to it.

-- A wallet's withdrawals and incomes sorted by amount; a user's (admin, `wallets/*`) and every
-- tenant's (admin, `users/*`) in the default order.
CREATE INDEX withdrawals_wallet_amount_idx ON ledger.withdrawals (wallet_id, amount, id);
CREATE INDEX withdrawals_user_idx ON ledger.withdrawals (user_id, created_at, id);
CREATE INDEX withdrawals_created_idx ON ledger.withdrawals (created_at, id);
CREATE INDEX incomes_wallet_amount_idx ON ledger.incomes (wallet_id, amount, id);
CREATE INDEX incomes_user_idx ON ledger.incomes (user_id, created_at, id);
CREATE INDEX incomes_created_idx ON ledger.incomes (created_at, id);

-- A user's movements over every wallet (admin, `wallets/*`).
CREATE INDEX transactions_user_idx ON ledger.transactions (user_id, created_at, id);

-- A user-bound token's transfers: those of the legs of its user's wallets, either side (the
-- transfer ids read from the indexes alone).
CREATE INDEX transfer_legs_sender_idx ON ledger.transfer_legs (sender_wallet_id, transfer_id);
CREATE INDEX transfer_legs_receiver_idx ON ledger.transfer_legs (receiver_wallet_id, transfer_id);

-- Signed items are listed by kind: a tenant's, a user's and every tenant's.
CREATE INDEX signed_items_tenant_idx ON ledger.signed_items (tenant_id, kind, created_at, id);
CREATE INDEX signed_items_user_idx ON ledger.signed_items (user_id, kind, created_at, id);
CREATE INDEX signed_items_created_idx ON ledger.signed_items (kind, created_at, id);
