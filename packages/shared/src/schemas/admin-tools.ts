import { z } from 'zod';

/**
 * Tools from MCP servers in the console (issue 31): each server's tools with their descriptions and
 * schemas, each tool's switch and price per call, and the models that may use tools at all.
 */

export const toolAnnotations = z.object({
  title: z.string().optional(),
  readOnlyHint: z.boolean().optional(),
  destructiveHint: z.boolean().optional(),
  idempotentHint: z.boolean().optional(),
  openWorldHint: z.boolean().optional(),
});

export const adminTool = z.object({
  name: z.string(),
  title: z.string().optional(),
  description: z.string(),
  inputSchema: z.record(z.string(), z.unknown()),
  annotations: toolAnnotations,
  enabled: z.boolean(),
  /** Credits per successful call (0: free). */
  price: z.number(),
});
export type AdminTool = z.infer<typeof adminTool>;

export const adminToolServer = z.object({
  name: z.string(),
  kind: z.enum(['stdio', 'http']),
  /** env: MCP_SERVERS; db: added in the console. */
  source: z.enum(['env', 'db']),
  /** Why its tools could not be listed ('' when they were). */
  error: z.string(),
  tools: z.array(adminTool),
});
export type AdminToolServer = z.infer<typeof adminToolServer>;

export const adminToolsReply = z.object({
  servers: z.array(adminToolServer),
  models: z.array(z.object({ id: z.number(), code: z.string(), label: z.string(), tools: z.boolean() })),
  maxRounds: z.number(),
});
export type AdminToolsReply = z.infer<typeof adminToolsReply>;

export const toolParams = z.object({
  server: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, '未知的工具服务'),
  tool: z.string().min(1).max(128, '未知的工具'),
});

export const toolSettingBody = z
  .object({
    enabled: z.boolean({ error: '请选择启用或停用' }),
    price: z.number({ error: '请填写数字' }).int('价格须为整数').min(0, '价格不能为负').max(100_000, '价格最大 100000'),
  })
  .partial()
  .refine((v) => v.enabled !== undefined || v.price !== undefined, '没有要保存的内容');

export const toolModelsBody = z.object({
  modelIds: z.array(z.number().int().positive()).max(500),
});

/**
 * An MCP server added in the console: streamable HTTP (or SSE) only. A command (stdio) server runs a
 * program on the host, so it is set by whoever runs the host, in MCP_SERVERS.
 */
export const toolServerBody = z.object({
  name: z.string().trim().regex(/^[A-Za-z0-9_-]{1,32}$/, '名称只能含字母、数字、_ 和 -（最多 32 个）'),
  url: z
    .string()
    .trim()
    .url('请填写服务地址')
    .refine((u) => /^https?:$/.test(new URL(u).protocol), '地址须为 http(s)'),
  headers: z.record(z.string().regex(/^[A-Za-z0-9-]{1,64}$/, '请求头名称不合法'), z.string().max(4000)).refine((h) => Object.keys(h).length <= 20, '请求头最多 20 个').default({}),
});
export const toolServerParams = z.object({ name: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, '未知的工具服务') });
