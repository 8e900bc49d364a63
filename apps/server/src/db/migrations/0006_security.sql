-- Hardening (issue 12): a first-purchase-only package is granted once per user, enforced by a key.
ALTER TABLE "orders" ADD COLUMN "refund_status" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_reason" text;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "first_purchases" (
  "user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id"),
  "order_no" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "first_purchases" ("user_id", "order_no", "created_at")
SELECT DISTINCT ON (o."user_id") o."user_id", o."order_no", coalesce(o."paid_at", o."created_at")
FROM "orders" o JOIN "packages" p ON p."id" = o."package_id"
WHERE o."status" = 1 AND o."user_id" IS NOT NULL AND p."is_activity" = 1
ORDER BY o."user_id", o."paid_at" NULLS LAST, o."id"
ON CONFLICT DO NOTHING;
