-- Model keys encrypted at rest (the clear "key" column is emptied at start once each key is sealed into "secret"),
-- with a priority, an optional base URL of their own, the last error and usage counts.
ALTER TABLE "model_keys" ALTER COLUMN "key" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "model_keys" ADD COLUMN "secret" text;
--> statement-breakpoint
ALTER TABLE "model_keys" ADD COLUMN "key_hash" text;
--> statement-breakpoint
ALTER TABLE "model_keys" ADD COLUMN "key_hint" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "model_keys" ADD COLUMN "base_url" text;
--> statement-breakpoint
ALTER TABLE "model_keys" ADD COLUMN "priority" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "model_keys" ADD COLUMN "last_error" text;
--> statement-breakpoint
ALTER TABLE "model_keys" ADD COLUMN "last_error_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "model_keys" ADD COLUMN "last_used_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "model_keys" ADD COLUMN "calls" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "model_keys" ADD COLUMN "failures" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "model_keys" ADD COLUMN "prompt_tokens" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "model_keys" ADD COLUMN "completion_tokens" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "model_keys" SET
  "key_hash" = encode(sha256(convert_to("key", 'UTF8')), 'hex'),
  "key_hint" = CASE WHEN length("key") <= 8 THEN '****' ELSE left("key", 3) || '…' || right("key", 4) END
WHERE "key" IS NOT NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "model_keys_model_key_uq";
--> statement-breakpoint
CREATE UNIQUE INDEX "model_keys_model_hash_uq" ON "model_keys" USING btree ("model_id","key_hash");
