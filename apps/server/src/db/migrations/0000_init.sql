CREATE TABLE "auth_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" bigint,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"nickname" text NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"mobile" text,
	"username" text,
	"password_hash" text,
	"wechat_openid" text,
	"wechat_unionid" text,
	"invite_code" text NOT NULL,
	"invited_by" integer,
	"client_code" text,
	"register_way" text NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"consecutive_days" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "balance_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"pool" text NOT NULL,
	"model3" integer DEFAULT 0 NOT NULL,
	"model4" integer DEFAULT 0 NOT NULL,
	"draw" integer DEFAULT 0 NOT NULL,
	"ref" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "balances" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"base_model3" integer DEFAULT 0 NOT NULL,
	"base_model4" integer DEFAULT 0 NOT NULL,
	"base_draw" integer DEFAULT 0 NOT NULL,
	"member_model3" integer DEFAULT 0 NOT NULL,
	"member_model4" integer DEFAULT 0 NOT NULL,
	"member_draw" integer DEFAULT 0 NOT NULL,
	"member_expires_at" timestamp with time zone,
	"member_level" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balances_non_negative" CHECK (base_model3 >= 0 and base_model4 >= 0 and base_draw >= 0 and member_model3 >= 0 and member_model4 >= 0 and member_draw >= 0)
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"introduction" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"price_y" integer NOT NULL,
	"discount" text DEFAULT '' NOT NULL,
	"days" integer DEFAULT 0 NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"model3_count" integer DEFAULT 0 NOT NULL,
	"model4_count" integer DEFAULT 0 NOT NULL,
	"draw_count" integer DEFAULT 0 NOT NULL,
	"is_activity" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"extra" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "masks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"children" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"mobile" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "menus_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "models" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"upstream_model" text NOT NULL,
	"provider" text DEFAULT 'openai' NOT NULL,
	"base_url" text,
	"input_ext" integer DEFAULT 2000 NOT NULL,
	"vision" boolean DEFAULT false NOT NULL,
	"pool" text DEFAULT 'model3' NOT NULL,
	"cost" integer DEFAULT 1 NOT NULL,
	"max_rounds" integer DEFAULT 8 NOT NULL,
	"max_tokens" integer DEFAULT 4096 NOT NULL,
	"temperature_max_x10" integer DEFAULT 16 NOT NULL,
	"system_prompt" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "models_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_config" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "behavior_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"client_code" text,
	"type" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"code" text PRIMARY KEY NOT NULL,
	"fingerprint" text,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_code" text,
	"user_id" integer,
	"bd_vid" text,
	"promote_account_id" text,
	"url" text,
	"referrer" text,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_ledger" ADD CONSTRAINT "balance_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_tokens_hash_uq" ON "auth_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "auth_tokens_user_idx" ON "auth_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_uq" ON "users" USING btree ("mobile");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_uq" ON "users" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "users_wechat_openid_uq" ON "users" USING btree ("wechat_openid");--> statement-breakpoint
CREATE UNIQUE INDEX "users_invite_code_uq" ON "users" USING btree ("invite_code");--> statement-breakpoint
CREATE INDEX "balance_ledger_user_idx" ON "balance_ledger" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "behavior_events_code_idx" ON "behavior_events" USING btree ("code","created_at");--> statement-breakpoint
CREATE INDEX "visits_created_idx" ON "visits" USING btree ("created_at");