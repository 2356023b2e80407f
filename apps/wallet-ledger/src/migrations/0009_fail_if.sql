-- Lets one statement refuse itself: a statement sent with its transaction's COMMIT behind it
-- (a pipelined transaction) must fail, not return a check for the caller to read afterwards.
CREATE FUNCTION ledger.fail_if(failed boolean, reason text) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  IF failed THEN
    RAISE EXCEPTION '%', reason USING ERRCODE = 'P0001';
  END IF;
  RETURN true;
END $$;
