-- A 毕业论文 written in Chinese carries an English abstract (Abstract / Key words) after the Chinese one.
ALTER TABLE "theses" ADD COLUMN IF NOT EXISTS "abstract_en" text NOT NULL DEFAULT '';--> statement-breakpoint
ALTER TABLE "theses" ADD COLUMN IF NOT EXISTS "keywords_en" text NOT NULL DEFAULT '';
