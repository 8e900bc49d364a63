-- Tools from MCP servers (issue 31, modules/tools): each tool's switch and price per call, set in the
-- console (a tool is off until an administrator turns it on); which models may use tools at all; and the
-- servers added in the console (their spec sealed like the other integrations' secrets: headers carry keys).
CREATE TABLE IF NOT EXISTS "tool_settings" (
  "server" text NOT NULL,
  "tool" text NOT NULL,
  "enabled" boolean NOT NULL DEFAULT false,
  "price" integer NOT NULL DEFAULT 0,
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY ("server", "tool")
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "tool_models" (
  "model_id" integer PRIMARY KEY REFERENCES "models"("id") ON DELETE CASCADE
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "mcp_servers" (
  "name" text PRIMARY KEY,
  "spec" text NOT NULL,
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);
