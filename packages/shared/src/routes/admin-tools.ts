import { adminToolsReply, toolModelsBody, toolParams, toolServerBody, toolServerParams, toolSettingBody } from '../schemas/admin-tools.ts';

/** MCP tools in the console (issue 31; admin only). Spread into `adminRoutes`. */
export const adminToolRoutes = {
  tools: { method: 'GET', path: '/api/admin/tools', access: 'admin', summary: 'MCP 工具：各服务的工具、启用与每次调用价格、可用工具的模型', response: adminToolsReply },
  toolModels: { method: 'POST', path: '/api/admin/tools/models', access: 'admin', summary: '设置可使用工具的模型', body: toolModelsBody, response: adminToolsReply },
  toolServerSave: {
    method: 'POST',
    path: '/api/admin/tools/servers',
    access: 'admin',
    summary: '添加或修改 MCP 服务（仅 HTTP；请求头加密保存；命令行服务只能由 MCP_SERVERS 设置）',
    body: toolServerBody,
    response: adminToolsReply,
  },
  toolServerDelete: {
    method: 'POST',
    path: '/api/admin/tools/servers/:name/delete',
    access: 'admin',
    summary: '移除控制台添加的 MCP 服务',
    params: toolServerParams,
    response: adminToolsReply,
  },
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
