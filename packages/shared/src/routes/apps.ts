import {
  appCard,
  appCategoryQuery,
  appCategoryReply,
  appCollectBody,
  appCollectReply,
  appDelMineBody,
  appDelMineReply,
  appIdParam,
  appStoreQuery,
  appStoreReply,
  customAppBody,
  expertDetail,
  expertMenuReply,
  mineAppsReply,
  templateInfo,
  templateMenuReply,
} from '../schemas/apps.ts';
import { defineRoutes } from './define.ts';

export const appsRoutes = defineRoutes('apps', {
  templateList: { method: 'GET', path: '/api/template/list', access: 'guest', summary: '模板菜单', response: templateMenuReply },
  templateInfo: { method: 'GET', path: '/api/template/info/:id', access: 'guest', summary: '模板详情', params: appIdParam, response: templateInfo },
  expertList: { method: 'GET', path: '/api/app/list', access: 'none', summary: '专家菜单', response: expertMenuReply },
  expertDetail: { method: 'GET', path: '/api/app/detail/:id', access: 'guest', summary: '专家详情', params: appIdParam, response: expertDetail },
  category: { method: 'GET', path: '/api/app/category', access: 'none', summary: '应用分类', query: appCategoryQuery, response: appCategoryReply },
  store: { method: 'GET', path: '/api/app/store', access: 'guest', summary: '应用广场', query: appStoreQuery, response: appStoreReply },
  mineApps: { method: ['GET', 'POST'], path: '/app/mineApps', access: 'user', summary: '我的应用（自建与收藏）', response: mineAppsReply },
  collect: { method: 'POST', path: '/app/collect', access: 'user', summary: '收藏或取消收藏', body: appCollectBody, response: appCollectReply },
  customApp: { method: 'POST', path: '/app/customApp', access: 'user', moderate: ['title', 'description', 'prompt', 'variables'], summary: '创建自己的模板应用', body: customAppBody, response: appCard },
  delMineApp: { method: 'POST', path: '/app/delMineApp', access: 'user', summary: '删除自建应用或取消收藏', body: appDelMineBody, response: appDelMineReply },
});
