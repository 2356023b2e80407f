-- Deposits exactly once (docs/decisions/chain-connectivity.md, "Deposits"). A deposit found on
-- chain is keyed by its chain event: (network, transaction, the log's position within its
-- transaction's receipt; -1 for a native transfer). The block-wide log index of 0007 changes when
-- a transaction is re-mined in another block, and the (asset, transaction, wallet) index of 0004
-- dropped a second payment to one wallet in one transaction (a batch payout) without a word.
ALTER TABLE ledger.incomes
  ADD COLUMN log_position integer,
  ADD COLUMN failure_reason text;
UPDATE ledger.incomes SET log_position = -1 WHERE network IS NOT NULL AND log_index = -1;
DROP INDEX ledger.incomes_chain_tx_idx;
DROP INDEX ledger.incomes_chain_log_idx;
-- An admin's report (the manual adapter) of one deposit to one wallet, once.
CREATE UNIQUE INDEX incomes_reported_idx ON ledger.incomes (asset_id, blockchain_transaction_id, wallet_id)
  WHERE network IS NULL;
CREATE UNIQUE INDEX incomes_chain_event_idx ON ledger.incomes (network, blockchain_transaction_id, log_position)
  WHERE network IS NOT NULL AND log_position IS NOT NULL;
-- Token deposits recorded before positions were (their position unknown): still once by the
-- block-wide index they were seen at, which the watcher checks before it inserts.
CREATE UNIQUE INDEX incomes_chain_legacy_idx ON ledger.incomes (network, blockchain_transaction_id, log_index)
  WHERE network IS NOT NULL AND log_position IS NULL;
