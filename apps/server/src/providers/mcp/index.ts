import type { FastifyBaseLogger } from 'fastify';
import type { ConnectGuard } from '../../core/safe-fetch.ts';
import type { McpServerSpec } from './config.ts';
import { McpConnection, type McpConnectionOptions } from './connection.ts';

export { parseMcpServers, mcpServerSpec, MCP_SERVER_NAME, type McpServerSpec } from './config.ts';
export { McpConnection, McpUnavailableError, type McpTool, type McpCallResult, type McpContentPart } from './connection.ts';

/** This instance's MCP servers by name: one supervised connection each, replaced when its spec changes. */
export class McpHub {
  private readonly conns = new Map<string, McpConnection>();

  constructor(private readonly opts: { guard: ConnectGuard; log: FastifyBaseLogger } & Omit<McpConnectionOptions, 'guard' | 'log'>) {}

  /** Makes the hub serve exactly these servers; a removed or changed one is stopped. */
  async configure(specs: Record<string, McpServerSpec>) {
    const stale: McpConnection[] = [];
    for (const [name, conn] of this.conns) {
      const next = specs[name];
      if (!next || JSON.stringify(next) !== JSON.stringify(conn.spec)) {
        stale.push(conn);
        this.conns.delete(name);
      }
    }
    for (const [name, spec] of Object.entries(specs)) if (!this.conns.has(name)) this.conns.set(name, new McpConnection(name, spec, this.opts));
    await Promise.all(stale.map((c) => c.close()));
  }

  get(name: string): McpConnection | undefined {
    return this.conns.get(name);
  }

  list(): McpConnection[] {
    return [...this.conns.values()];
  }

  async close() {
    const all = [...this.conns.values()];
    this.conns.clear();
    await Promise.all(all.map((c) => c.close()));
  }
}
