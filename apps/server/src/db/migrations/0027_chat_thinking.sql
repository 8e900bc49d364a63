-- A reasoning model's thinking, kept apart from its answer (never sent upstream again, never copied,
-- shared or exported), and how long it thought (null: it did not think apart).
ALTER TABLE "chat_messages" ADD COLUMN IF NOT EXISTS "thinking" text NOT NULL DEFAULT '';
ALTER TABLE "chat_messages" ADD COLUMN IF NOT EXISTS "thinking_ms" integer;
