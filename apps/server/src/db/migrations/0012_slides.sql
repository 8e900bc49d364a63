-- AI slides (issue 15): the slide quota is a credit pool ('ppt'), sold in slide packages; a deck is an outline and its slides.
ALTER TABLE "balances" ADD COLUMN IF NOT EXISTS "base_ppt" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "balances" ADD COLUMN IF NOT EXISTS "member_ppt" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_ppt_non_negative" CHECK ("base_ppt" >= 0 AND "member_ppt" >= 0);
--> statement-breakpoint
ALTER TABLE "balance_ledger" ADD COLUMN IF NOT EXISTS "ppt" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN IF NOT EXISTS "ppt_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN IF NOT EXISTS "kind" text DEFAULT 'member' NOT NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "slide_decks" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "title" text NOT NULL,
  "topic" text NOT NULL,
  "source_text" text DEFAULT '' NOT NULL,
  "audience" text DEFAULT '' NOT NULL,
  "language" text DEFAULT 'zh-CN' NOT NULL,
  "pages" integer NOT NULL,
  "theme" text DEFAULT 'azure' NOT NULL,
  "status" text DEFAULT 'outlining' NOT NULL,
  "outline" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "slides" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "model" text DEFAULT '' NOT NULL,
  "offline" boolean DEFAULT false NOT NULL,
  "job_id" integer,
  "error_text" text,
  "charged" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "slide_decks_user_idx" ON "slide_decks" ("user_id", "updated_at");
--> statement-breakpoint
ALTER TABLE "balances" ADD COLUMN IF NOT EXISTS "held_ppt" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_held_ppt_non_negative" CHECK ("held_ppt" >= 0);
