-- The content section of the admin console (issue 18): the moderation word list checked on every
-- prompt, and the document chat's actions (until now a constant in modules/document/actions.ts),
-- seeded with the same five actions so nothing changes for users.
CREATE TABLE "moderation_words" (
	"id" serial PRIMARY KEY NOT NULL,
	"word" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_words_word_uq" ON "moderation_words" USING btree ("word");
--> statement-breakpoint
CREATE TABLE "document_actions" (
	"value" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"reads" text NOT NULL,
	"needs_question" boolean NOT NULL,
	"instruction" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
INSERT INTO "document_actions" ("value", "label", "reads", "needs_question", "instruction", "sort", "enabled") VALUES
  ('summary', '总结全文', 'whole', false, '请通读文档，写一份结构清晰的全文总结：先用一两句话概括主旨，再按文档的章节或主题分点总结要点，最后给出结论。', 10, true),
  ('points', '提取要点', 'whole', false, '请提取文档中最重要的要点（关键事实、数据、结论、条款、待办事项），用编号列表列出，每条简明扼要。', 20, true),
  ('qa', '问答', 'search', true, '请只根据文档内容回答用户的问题。文档中没有相关信息时，直接说明文档未提及，不要编造。', 30, true),
  ('translate', '翻译全文', 'whole', false, '请把文档内容完整、忠实地翻译成目标语言，保留原有的标题层级、段落和列表结构，不要添加评论。', 40, true),
  ('outline', '生成大纲', 'whole', false, '请为文档生成一份层级大纲（使用 Markdown 标题和多级列表），覆盖文档的全部章节和主要论点。', 50, true);
