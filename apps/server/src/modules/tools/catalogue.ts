import type { McpHub, McpTool } from '../../providers/mcp/index.ts';
import type { ToolSetting } from './settings.ts';

/** A tool as chat and the console see it: the server's listing plus the console's switch and price. */
export interface ToolEntry extends McpTool {
  server: string;
  /** The OpenAI function name the model calls it by (`server__tool`, only [A-Za-z0-9_-], at most 64). */
  fn: string;
  enabled: boolean;
  price: number;
}

export interface ServerListing {
  name: string;
  kind: 'stdio' | 'http';
  source: 'env' | 'db';
  error: string;
  tools: ToolEntry[];
}

/** The function name for a tool: OpenAI takes ^[a-zA-Z0-9_-]{1,64}$. */
export function functionName(server: string, tool: string): string {
  return `${server}__${tool}`.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
}

/**
 * Each server's tool list, kept `ttlMs` (listing starts a stdio server; the console and every turn
 * read it). A server that fails to list shows its error and no tools.
 */
export class ToolCatalogue {
  private readonly cache = new Map<string, { at: number; tools: McpTool[] | null; error: string }>();
  private readonly inflight = new Map<string, Promise<void>>();

  constructor(
    private readonly hub: McpHub,
    private readonly ttlMs = 60_000,
  ) {}

  drop() {
    this.cache.clear();
  }

  async list(settings: Map<string, ToolSetting>, sources: Map<string, 'env' | 'db'>, fresh = false): Promise<ServerListing[]> {
    const conns = this.hub.list();
    await Promise.all(conns.map((c) => this.refresh(c.name, fresh)));
    return conns.map((c) => {
      const hit = this.cache.get(c.name);
      const taken = new Set<string>();
      return {
        name: c.name,
        kind: c.kind,
        source: sources.get(c.name) ?? 'env',
        error: hit?.error ?? '',
        tools: (hit?.tools ?? []).flatMap((t) => {
          const fn = functionName(c.name, t.name);
          // Two names that clean up the same would be ambiguous to the model: only the first is offered.
          if (taken.has(fn)) return [];
          taken.add(fn);
          const s = settings.get(`${c.name}/${t.name}`);
          return [{ ...t, server: c.name, fn, enabled: s?.enabled ?? false, price: s?.price ?? 0 }];
        }),
      };
    });
  }

  private async refresh(name: string, fresh: boolean) {
    const hit = this.cache.get(name);
    if (!fresh && hit && Date.now() - hit.at < this.ttlMs) return;
    let p = this.inflight.get(name);
    if (!p) {
      p = (async () => {
        const conn = this.hub.get(name);
        if (!conn) return;
        try {
          this.cache.set(name, { at: Date.now(), tools: await conn.listTools(), error: '' });
        } catch (e) {
          // A failed listing is retried on the next read (no ttl), keeping the tools last seen.
          this.cache.set(name, { at: 0, tools: hit?.tools ?? null, error: (e as Error).message });
        }
      })().finally(() => this.inflight.delete(name));
      this.inflight.set(name, p);
    }
    await p;
  }
}
