-- A paid turn is admitted in one statement: the hold, the turn row and what the turn writes before
-- its first token (the question). When the balance cannot pay, the statement must undo all of it,
-- so it fails: this raises the SQLSTATE the engine reads as "refused" (modules/turns/holds.ts).
CREATE OR REPLACE FUNCTION turn_refused() RETURNS integer LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION 'turn refused: the balance cannot pay' USING ERRCODE = 'ZR001';
END
$fn$;
