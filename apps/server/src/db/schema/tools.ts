import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { models } from './config.ts';

/** A tool of an MCP server (issue 31): off until an administrator turns it on; `price` credits per successful call. */
export const toolSettings = pgTable(
  'tool_settings',
  {
    server: text('server').notNull(),
    tool: text('tool').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    price: integer('price').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.server, t.tool] })],
);

/** The models that may use tools. */
export const toolModels = pgTable('tool_models', {
  modelId: integer('model_id')
    .primaryKey()
    .references(() => models.id, { onDelete: 'cascade' }),
});

/** MCP servers added in the console; `spec` is the sealed JSON (core/secret-box), as headers carry keys. */
export const mcpServers = pgTable('mcp_servers', {
  name: text('name').primaryKey(),
  spec: text('spec').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
