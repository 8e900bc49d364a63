import { adminToolsReply, toolModelsBody, toolParams, toolSettingBody } from '../schemas/admin-tools.ts';

/** MCP tools in the console (issue 31; admin only). Spread into `adminRoutes`. */
export const adminToolRoutes = {
  tools: { method: 'GET', path: '/api/admin/tools', access: 'admin', summary: 'MCP 工具：各服务的工具、启用与每次调用价格、可用工具的模型', response: adminToolsReply },
  toolModels: { method: 'POST', path: '/api/admin/tools/models', access: 'admin', summary: '设置可使用工具的模型', body: toolModelsBody, response: adminToolsReply },
  toolSetting: {
    method: 'POST',
    path: '/api/admin/tools/:server/:tool',
    access: 'admin',
    summary: '启用或停用一个工具、设置每次调用的价格（积分，可为 0）',
    params: toolParams,
    body: toolSettingBody,
    response: adminToolsReply,
  },
} as const;
