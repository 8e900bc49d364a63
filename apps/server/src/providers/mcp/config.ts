import { z } from 'zod';

/**
 * MCP_SERVERS: the shape other MCP clients use, `{"name": {"command", "args", "env"}}` for a stdio
 * server and `{"name": {"url", "headers"}}` for streamable HTTP (SSE where the server only speaks that).
 */
export const MCP_SERVER_NAME = /^[A-Za-z0-9_-]{1,32}$/;

const stdioSpec = z
  .object({
    command: z.string().trim().min(1, 'command is empty'),
    args: z.array(z.string()).max(100).default([]),
    env: z.record(z.string(), z.string()).default({}),
  })
  .strict();

const httpSpec = z
  .object({
    url: z
      .string()
      .url('url is not a URL')
      .refine((u) => /^https?:$/.test(new URL(u).protocol), 'url must be http(s)'),
    headers: z.record(z.string(), z.string()).default({}),
  })
  .strict();

export const mcpServerSpec = z.union([stdioSpec, httpSpec], { error: 'each server needs {"command", "args", "env"} or {"url", "headers"}' });
export type McpServerSpec = z.infer<typeof mcpServerSpec>;

export const mcpServersSchema = z.record(z.string().regex(MCP_SERVER_NAME, 'a server name is letters, digits, _ or - (at most 32)'), mcpServerSpec);

export const isStdio = (spec: McpServerSpec): spec is z.infer<typeof stdioSpec> => 'command' in spec;

/** What is wrong with an MCP_SERVERS value (none when it is fine); each message starts with the server's name when it is about one. */
export function mcpServersIssues(raw: string | undefined): string[] {
  const r = readMcpServers(raw);
  return 'issues' in r ? r.issues : [];
}

/** Parses the MCP_SERVERS value; throws an error naming the setting and what is wrong. */
export function parseMcpServers(raw: string | undefined): Record<string, McpServerSpec> {
  const r = readMcpServers(raw);
  if ('issues' in r) throw new Error(`Invalid settings:\n${r.issues.map((i) => `  MCP_SERVERS: ${i}`).join('\n')}`);
  return r.servers;
}

function readMcpServers(raw: string | undefined): { servers: Record<string, McpServerSpec> } | { issues: string[] } {
  if (!raw || !raw.trim()) return { servers: {} };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (e) {
    return { issues: [`not JSON (${(e as Error).message})`] };
  }
  const parsed = mcpServersSchema.safeParse(json);
  if (!parsed.success) return { issues: parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)) };
  return { servers: parsed.data };
}
