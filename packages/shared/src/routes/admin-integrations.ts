import {
  adminIntegrationSave,
  adminIntegrationsReply,
  adminIntegrationTest,
  integrationParams,
  integrationTestReply,
  setupAdminBody,
  setupAdminReply,
  setupStatusQuery,
  setupStatusReply,
} from '../schemas/admin-integrations.ts';

/**
 * The console's integrations (admin only) and the one-time setup link (open to whoever holds the
 * link's token; outside /api/admin, which is admin-only throughout). Spread into `adminRoutes`.
 */
export const adminIntegrationRoutes = {
  integrations: { method: 'GET', path: '/api/admin/integrations', access: 'admin', summary: '集成配置（短信、公众号、存储、支付；密钥脱敏）', response: adminIntegrationsReply },
  integrationSave: {
    method: 'POST',
    path: '/api/admin/integrations/:group',
    access: 'admin',
    summary: '保存一组集成配置（密钥加密保存，留空不变；立即生效于所有实例）',
    params: integrationParams,
    body: adminIntegrationSave,
    response: adminIntegrationsReply,
  },
  integrationTest: {
    method: 'POST',
    path: '/api/admin/integrations/:group/test',
    access: 'admin',
    summary: '发送测试（短信验证码、公众号 access_token、存储读写、支付 0.01 元测试单）',
    params: integrationParams,
    body: adminIntegrationTest,
    response: integrationTestReply,
  },
  setupStatus: { method: 'GET', path: '/api/setup/status', access: 'none', summary: '一次性管理员设置链接是否有效', query: setupStatusQuery, response: setupStatusReply },
  setupAdmin: { method: 'POST', path: '/api/setup/admin', access: 'none', summary: '用一次性设置链接创建首个管理员', body: setupAdminBody, response: setupAdminReply },
} as const;
