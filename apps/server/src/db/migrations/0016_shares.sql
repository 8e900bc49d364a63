-- Share links (issue 20): a read-only snapshot of a conversation at /s/<token>. The messages are
-- copied at share time, so what was said later in the conversation never reaches the page.
CREATE TABLE IF NOT EXISTS "shares" (
  "id" serial PRIMARY KEY NOT NULL,
  "token" text NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "group_id" integer REFERENCES "chat_groups"("id") ON DELETE set null,
  "up_to_message_id" integer,
  "title" text NOT NULL,
  "description" text DEFAULT '' NOT NULL,
  "messages" jsonb NOT NULL,
  "message_count" integer NOT NULL,
  "view_count" integer DEFAULT 0 NOT NULL,
  "revoked_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "shares_token_uq" ON "shares" ("token");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shares_user_idx" ON "shares" ("user_id", "id");
