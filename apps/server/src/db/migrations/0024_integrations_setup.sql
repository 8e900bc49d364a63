-- Integration settings set in the admin console (they override the environment): one row per setting,
-- secrets sealed with the secrets key (core/secret-box.ts), never stored in clear.
CREATE TABLE "integration_settings" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"sealed" boolean DEFAULT false NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- One-time links that create the first administrator: only the SHA-256 of the token is kept.
CREATE TABLE "admin_setup_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "admin_setup_tokens_hash_uq" ON "admin_setup_tokens" USING btree ("token_hash");
