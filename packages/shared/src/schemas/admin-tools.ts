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
