CREATE TABLE "feedbacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"content" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_unread" integer DEFAULT 0 NOT NULL,
	"awaiting_reply" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "feedbacks_user_idx" ON "feedbacks" ("user_id","id");
--> statement-breakpoint
CREATE INDEX "feedbacks_updated_idx" ON "feedbacks" ("updated_at");
--> statement-breakpoint
CREATE TABLE "feedback_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"feedback_id" integer NOT NULL REFERENCES "feedbacks"("id") ON DELETE cascade,
	"author" text NOT NULL,
	"author_id" integer REFERENCES "users"("id") ON DELETE set null,
	"content" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "feedback_replies_feedback_idx" ON "feedback_replies" ("feedback_id","id");
--> statement-breakpoint
CREATE TABLE "card_key_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"days" integer DEFAULT 0 NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"model3_count" integer DEFAULT 0 NOT NULL,
	"model4_count" integer DEFAULT 0 NOT NULL,
	"draw_count" integer DEFAULT 0 NOT NULL,
	"ppt_count" integer DEFAULT 0 NOT NULL,
	"package_id" integer REFERENCES "packages"("id") ON DELETE set null,
	"quantity" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"created_by" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_keys" (
	"code" text PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL REFERENCES "card_key_batches"("id") ON DELETE cascade,
	"redeemed_by" integer REFERENCES "users"("id") ON DELETE set null,
	"redeemed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "card_keys_batch_idx" ON "card_keys" ("batch_id");
--> statement-breakpoint
CREATE INDEX "card_keys_redeemed_by_idx" ON "card_keys" ("redeemed_by");
