-- A Midjourney describe (识图) task ends with four prompts read from the picture, not an image.
ALTER TABLE "draw_tasks" ADD COLUMN "prompts" jsonb DEFAULT '[]'::jsonb NOT NULL;
