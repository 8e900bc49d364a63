-- A paid turn is admitted in one statement: the hold, the turn row and what the turn writes before
-- its first token (the question). When the balance cannot pay, the statement must undo all of it,
-- so it fails: this raises the SQLSTATE the engine reads as "refused" (modules/turns/holds.ts).
CREATE OR REPLACE FUNCTION turn_refused() RETURNS integer LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION 'turn refused: the balance cannot pay' USING ERRCODE = 'ZR001';
END
$fn$;
--> statement-breakpoint
-- Settling in one statement (the flip, the charge and the reply): a turn settled already, or a reply
-- that cannot be stored, fails it the same way (modules/turns/holds.ts).
CREATE OR REPLACE FUNCTION turn_settled_already() RETURNS integer LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION 'turn settled already' USING ERRCODE = 'ZR002';
END
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION turn_not_saved() RETURNS jsonb LANGUAGE plpgsql AS $fn$
BEGIN
  RAISE EXCEPTION 'the reply cannot be stored (its conversation is gone)' USING ERRCODE = 'ZR003';
END
$fn$;
