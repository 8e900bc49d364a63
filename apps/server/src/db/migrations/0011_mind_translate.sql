CREATE TABLE "minds" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"prompt" text NOT NULL,
	"markdown" text DEFAULT '' NOT NULL,
	"model" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"error_text" text,
	"edited" boolean DEFAULT false NOT NULL,
	"charged" boolean DEFAULT false NOT NULL,
	"prompt_tokens" integer,
	"completion_tokens" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "translations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"source" text NOT NULL,
	"from_lang" text NOT NULL,
	"to_lang" text NOT NULL,
	"result" text DEFAULT '' NOT NULL,
	"model" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"error_text" text,
	"charged" boolean DEFAULT false NOT NULL,
	"prompt_tokens" integer,
	"completion_tokens" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "minds" ADD CONSTRAINT "minds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translations" ADD CONSTRAINT "translations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "minds_user_idx" ON "minds" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "translations_user_idx" ON "translations" USING btree ("user_id","created_at");--> statement-breakpoint
INSERT INTO "menus" ("code", "name", "icon", "mobile", "sort") VALUES ('Translate', 'AI 翻译', 'languages', false, 9) ON CONFLICT ("code") DO NOTHING;
