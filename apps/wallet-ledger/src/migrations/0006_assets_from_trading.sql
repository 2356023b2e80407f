-- The asset catalog moved to the trading service (read over RPC). Asset ids stay as they were;
-- CASCADE drops the foreign keys of wallets, accounts and journal entries onto the old table.
DROP TABLE ledger.assets CASCADE;
