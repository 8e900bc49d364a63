-- Conversations become trees: each message names the message it follows (null: a first message).
-- Editing a question or regenerating a reply adds a sibling; the branch on screen is remembered
-- per conversation (active_leaf_id). Existing conversations become one line, in id order.
ALTER TABLE "chat_messages" ADD COLUMN "parent_id" integer;--> statement-breakpoint
ALTER TABLE "chat_groups" ADD COLUMN "active_leaf_id" integer;--> statement-breakpoint
UPDATE "chat_messages" AS m SET "parent_id" = p."prev"
FROM (SELECT "id", lag("id") OVER (PARTITION BY "group_id" ORDER BY "id") AS "prev" FROM "chat_messages") AS p
WHERE p."id" = m."id" AND p."prev" IS NOT NULL;--> statement-breakpoint
UPDATE "chat_groups" AS g SET "active_leaf_id" = (SELECT max(m."id") FROM "chat_messages" AS m WHERE m."group_id" = g."id");--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_parent_id_fk" FOREIGN KEY ("parent_id") REFERENCES "chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_groups" ADD CONSTRAINT "chat_groups_active_leaf_id_fk" FOREIGN KEY ("active_leaf_id") REFERENCES "chat_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_parent_idx" ON "chat_messages" USING btree ("parent_id");
