-- What running turns and jobs hold, kept on the balance row: an admission is one conditional
-- update of this row (it re-reads the row after waiting for its lock), not a lock and a sum.
ALTER TABLE "balances" ADD COLUMN "held_model3" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "balances" ADD COLUMN "held_model4" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "balances" ADD COLUMN "held_draw" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "balances" b SET
  "held_model3" = coalesce((SELECT sum(cost) FROM "turns" t WHERE t.user_id = b.user_id AND t.pool = 'model3' AND t.status = 'running'), 0),
  "held_model4" = coalesce((SELECT sum(cost) FROM "turns" t WHERE t.user_id = b.user_id AND t.pool = 'model4' AND t.status = 'running'), 0),
  "held_draw" = coalesce((SELECT sum(cost) FROM "turns" t WHERE t.user_id = b.user_id AND t.pool = 'draw' AND t.status = 'running'), 0);--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_held_non_negative" CHECK (held_model3 >= 0 and held_model4 >= 0 and held_draw >= 0);
