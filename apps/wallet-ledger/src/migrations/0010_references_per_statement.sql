-- The references of postings (to their journal entry and account) and of transfer legs (to their
-- transfer), checked once per statement instead of once per row (docs/performance.md, finding
-- 49). A foreign key runs a `SELECT … FOR KEY SHARE` for every inserted row: for a batch of
-- transfers that was a quarter of PostgreSQL's CPU. The key share lock guards the referenced row
-- against a delete or a change of its id; here neither can happen (the guards below), so what is
-- left to prove is that each inserted row names an existing one, and one query per statement
-- proves it for all of the statement's rows. `GET /v1/admin/ledger/check` checks it too.

ALTER TABLE ledger.postings DROP CONSTRAINT postings_entry_id_fkey;
ALTER TABLE ledger.postings DROP CONSTRAINT postings_account_id_fkey;
ALTER TABLE ledger.transfer_legs DROP CONSTRAINT transfer_legs_transfer_id_fkey;

-- Postings are append-only (0003): only inserts can name something. PL/pgSQL keeps the plan of
-- each query below for its session; with `EXISTS` over a primary key it stays index probes for
-- any number of rows.
CREATE FUNCTION ledger.postings_references() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM inserted p
              WHERE NOT EXISTS (SELECT 1 FROM ledger.journal_entries e WHERE e.id = p.entry_id)) THEN
    RAISE EXCEPTION 'a posting names a journal entry that does not exist'
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF EXISTS (SELECT 1 FROM inserted p
              WHERE NOT EXISTS (SELECT 1 FROM ledger.accounts a WHERE a.id = p.account_id)) THEN
    RAISE EXCEPTION 'a posting names an account that does not exist'
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER postings_references AFTER INSERT ON ledger.postings
  REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION ledger.postings_references();

CREATE FUNCTION ledger.transfer_legs_references() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM inserted l
              WHERE NOT EXISTS (SELECT 1 FROM ledger.transfers t WHERE t.id = l.transfer_id)) THEN
    RAISE EXCEPTION 'a transfer leg names a transfer that does not exist'
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER transfer_legs_references AFTER INSERT ON ledger.transfer_legs
  REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION ledger.transfer_legs_references();

-- Guards: what a foreign key also refused. Each raises its argument; none fires on a balance
-- update (`UPDATE OF id` triggers only run for statements that set the id).
CREATE FUNCTION ledger.refuse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% (%)', TG_ARGV[0], TG_TABLE_NAME USING ERRCODE = 'foreign_key_violation';
END $$;

-- A leg stays with its transfer.
CREATE TRIGGER transfer_legs_keep_transfer BEFORE UPDATE OF transfer_id ON ledger.transfer_legs
  FOR EACH ROW WHEN (OLD.transfer_id IS DISTINCT FROM NEW.transfer_id)
  EXECUTE FUNCTION ledger.refuse('a transfer leg cannot move to another transfer');

-- Accounts, transfers and journal entries are never deleted, and keep their ids (journal
-- entries refuse every update and delete already, 0003).
CREATE TRIGGER accounts_never_deleted BEFORE DELETE ON ledger.accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger.refuse('accounts are never deleted');
CREATE TRIGGER accounts_never_truncated BEFORE TRUNCATE ON ledger.accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger.refuse('accounts are never deleted');
CREATE TRIGGER accounts_keep_id BEFORE UPDATE OF id ON ledger.accounts
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id)
  EXECUTE FUNCTION ledger.refuse('an account keeps its id');
CREATE TRIGGER transfers_never_deleted BEFORE DELETE ON ledger.transfers
  FOR EACH STATEMENT EXECUTE FUNCTION ledger.refuse('transfers are never deleted');
CREATE TRIGGER transfers_never_truncated BEFORE TRUNCATE ON ledger.transfers
  FOR EACH STATEMENT EXECUTE FUNCTION ledger.refuse('transfers are never deleted');
CREATE TRIGGER transfers_keep_id BEFORE UPDATE OF id ON ledger.transfers
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id)
  EXECUTE FUNCTION ledger.refuse('a transfer keeps its id');
CREATE TRIGGER journal_entries_never_truncated BEFORE TRUNCATE ON ledger.journal_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger.refuse('journal entries are never deleted');

-- The guards hold in every session: a foreign key refuses TRUNCATE even with
-- `session_replication_role = replica`, which skips ordinary triggers.
ALTER TABLE ledger.accounts ENABLE ALWAYS TRIGGER accounts_never_deleted;
ALTER TABLE ledger.accounts ENABLE ALWAYS TRIGGER accounts_never_truncated;
ALTER TABLE ledger.accounts ENABLE ALWAYS TRIGGER accounts_keep_id;
ALTER TABLE ledger.transfers ENABLE ALWAYS TRIGGER transfers_never_deleted;
ALTER TABLE ledger.transfers ENABLE ALWAYS TRIGGER transfers_never_truncated;
ALTER TABLE ledger.transfers ENABLE ALWAYS TRIGGER transfers_keep_id;
ALTER TABLE ledger.transfer_legs ENABLE ALWAYS TRIGGER transfer_legs_keep_transfer;
ALTER TABLE ledger.journal_entries ENABLE ALWAYS TRIGGER journal_entries_never_truncated;
