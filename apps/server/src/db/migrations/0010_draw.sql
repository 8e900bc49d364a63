CREATE TABLE "draw_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"type" text DEFAULT 'general' NOT NULL,
	"prompt" text NOT NULL,
	"prompt_en" text,
	"key" text NOT NULL,
	"url" text NOT NULL,
	"thumb_key" text NOT NULL,
	"thumb_url" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"offline" boolean DEFAULT false NOT NULL,
	"public" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "draw_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"action" text NOT NULL,
	"prompt" text NOT NULL,
	"input" jsonb NOT NULL,
	"parent_id" integer,
	"remote_id" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"buttons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"image_id" integer,
	"error" text,
	"cost" integer NOT NULL,
	"charged" integer DEFAULT 0 NOT NULL,
	"job_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "draw_images" ADD CONSTRAINT "draw_images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_tasks" ADD CONSTRAINT "draw_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "draw_images_user_idx" ON "draw_images" USING btree ("user_id","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "draw_images_public_idx" ON "draw_images" USING btree ("id") WHERE public and deleted_at is null;--> statement-breakpoint
CREATE INDEX "draw_images_public_type_idx" ON "draw_images" USING btree ("type","id") WHERE public and deleted_at is null;--> statement-breakpoint
CREATE INDEX "draw_tasks_user_idx" ON "draw_tasks" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "draw_tasks_open_idx" ON "draw_tasks" USING btree ("status","id") WHERE status in ('queued', 'running');
