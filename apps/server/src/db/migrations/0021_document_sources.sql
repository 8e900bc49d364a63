-- A parsed document as the source of a mind map, a deck or a thesis (issues 14, 15, 16).
-- The text is copied when the work starts (a deck's slides and a thesis's sections are written
-- later by jobs, and must not change or fail when the document is deleted); the title names it.
ALTER TABLE "minds" ADD COLUMN "document_token" text;--> statement-breakpoint
ALTER TABLE "minds" ADD COLUMN "document_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "slide_decks" ADD COLUMN "source_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "theses" ADD COLUMN "reference_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "theses" ADD COLUMN "reference_text" text DEFAULT '' NOT NULL;
