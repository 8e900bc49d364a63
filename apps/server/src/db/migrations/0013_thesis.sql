-- Thesis and article writing (issue 16): a brief, an edited outline, sections written by a job.
CREATE TABLE IF NOT EXISTS "theses" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "title" text NOT NULL,
  "kind" text NOT NULL,
  "discipline" text NOT NULL,
  "length" integer NOT NULL,
  "language" text NOT NULL,
  "requirements" text DEFAULT '' NOT NULL,
  "outline" jsonb,
  "abstract" text DEFAULT '' NOT NULL,
  "keywords" text DEFAULT '' NOT NULL,
  "status" text DEFAULT 'draft' NOT NULL,
  "job_id" integer,
  "order_no" text,
  "charged" integer DEFAULT 0 NOT NULL,
  "error" text,
  "offline" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "theses_user_idx" ON "theses" ("user_id", "updated_at");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "theses_order_uq" ON "theses" ("order_no");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "thesis_sections" (
  "id" serial PRIMARY KEY NOT NULL,
  "thesis_id" integer NOT NULL REFERENCES "theses"("id") ON DELETE cascade,
  "key" text NOT NULL,
  "text" text DEFAULT '' NOT NULL,
  "status" text DEFAULT 'pending' NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "thesis_sections_key_uq" ON "thesis_sections" ("thesis_id", "key");
