import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { McpHub, parseMcpServers } from '../../providers/mcp/index.ts';
import { toolRoutes } from './routes.ts';
import { ToolsService } from './service.ts';

/**
 * Wires the MCP tools: one hub of supervised servers per instance (MCP_SERVERS), the console's routes,
 * and the hub stopped (its stdio children with it) when the server closes.
 */
export async function registerTools(app: FastifyInstance, ctx: AppContext): Promise<ToolsService> {
  const env = ctx.config.env;
  const allowHosts = (env.SAFE_FETCH_ALLOW_HOSTS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const hub = new McpHub({ guard: { allowHosts }, log: ctx.log });
  const specs = parseMcpServers(env.MCP_SERVERS);
  const tools = new ToolsService(ctx, hub, { callTimeoutMs: env.MCP_CALL_TIMEOUT_MS, resultMaxChars: env.MCP_RESULT_MAX_CHARS, maxRounds: env.TOOL_MAX_ROUNDS, confirmWaitMs: env.TOOL_CONFIRM_SECONDS * 1000 }, specs);
  // MCP_SERVERS and the servers added in the console (no server is started until its tools are used).
  await tools.sync(true);
  if (hub.list().length) ctx.log.info({ mcp: hub.list().map((c) => `${c.name} (${c.kind})`) }, 'MCP servers configured; started on first use');
  app.addHook('onClose', async () => hub.close());
  toolRoutes(app, tools);
  return tools;
}
