-- A reply of a turn with tools (MCP, issue 31): its calls in order (name, arguments, result cut,
-- status, price). Null for every reply without tools.
ALTER TABLE "chat_messages" ADD COLUMN IF NOT EXISTS "tools" jsonb;
