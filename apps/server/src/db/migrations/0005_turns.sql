CREATE TABLE "turns" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"pool" text NOT NULL,
	"cost" integer NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"instance_id" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"ref" jsonb NOT NULL,
	"charged" integer DEFAULT 0 NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "turns" ADD CONSTRAINT "turns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "turns_held_idx" ON "turns" USING btree ("user_id","pool") WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "turns_lease_idx" ON "turns" USING btree ("lease_until") WHERE status = 'running';
