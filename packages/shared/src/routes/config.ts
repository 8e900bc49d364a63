import { globalConfigReply, menuReply, websiteInfoReply } from '../schemas/config.ts';
import { defineRoutes } from './define.ts';

export const configRoutes = defineRoutes('config', {
  websiteInfo: { method: 'GET', path: '/api/website/info', access: 'none', summary: '站点信息', response: websiteInfoReply },
  globalConfig: { method: 'GET', path: '/api/config/global', access: 'none', summary: '全局配置（模型、面具、公告）', response: globalConfigReply },
  menu: { method: 'GET', path: '/api/menu', access: 'none', summary: '侧边栏菜单', response: menuReply },
});
