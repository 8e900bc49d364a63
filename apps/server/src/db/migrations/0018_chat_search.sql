-- Web search in chat: a searched reply keeps what its search found ({ status, sources: [{ title, url }], cost }).
ALTER TABLE "chat_messages" ADD COLUMN "search" jsonb;
