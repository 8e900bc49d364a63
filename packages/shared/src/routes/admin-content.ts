import {
  adminApp,
  adminAppCreate,
  adminAppListReply,
  adminAppPatch,
  adminAppQuery,
  adminCategory,
  adminCategoryCreate,
  adminCategoryListReply,
  adminCategoryPatch,
  adminDocumentAction,
  adminDocumentActionCreate,
  adminDocumentActionListReply,
  adminDocumentActionParams,
  adminDocumentActionPatch,
  adminIdParams,
  adminWordDelete,
  adminWordDeleteReply,
  adminWordImport,
  adminWordImportReply,
  adminWordListReply,
  adminWordQuery,
} from '../schemas/admin-content.ts';
import { adminOkReply } from '../schemas/admin.ts';
import type { RouteDef } from './define.ts';

/** The content section of the admin console, spread into adminRoutes (every route `admin`, every change audited). */
export const adminContentRoutes = {
  contentApps: { method: 'GET', path: '/api/admin/content/apps', access: 'admin', summary: '模板应用与专家列表（含停用）', query: adminAppQuery, response: adminAppListReply },
  contentAppCreate: { method: 'POST', path: '/api/admin/content/apps', access: 'admin', summary: '新增模板应用或专家', body: adminAppCreate, response: adminApp },
  contentAppUpdate: { method: 'POST', path: '/api/admin/content/apps/:id', access: 'admin', summary: '修改模板应用或专家（含上下架）', params: adminIdParams, body: adminAppPatch, response: adminApp },
  contentAppDelete: { method: 'POST', path: '/api/admin/content/apps/:id/delete', access: 'admin', summary: '删除从未被收藏或使用的应用（否则请下架）', params: adminIdParams, response: adminOkReply },
  contentCategories: { method: 'GET', path: '/api/admin/content/categories', access: 'admin', summary: '应用与专家分类', response: adminCategoryListReply },
  contentCategoryCreate: { method: 'POST', path: '/api/admin/content/categories', access: 'admin', summary: '新增分类', body: adminCategoryCreate, response: adminCategory },
  contentCategoryUpdate: { method: 'POST', path: '/api/admin/content/categories/:id', access: 'admin', summary: '修改分类', params: adminIdParams, body: adminCategoryPatch, response: adminCategory },
  contentCategoryDelete: { method: 'POST', path: '/api/admin/content/categories/:id/delete', access: 'admin', summary: '删除空分类', params: adminIdParams, response: adminOkReply },
  contentDocActions: { method: 'GET', path: '/api/admin/content/document-actions', access: 'admin', summary: '文档对话的快捷操作', response: adminDocumentActionListReply },
  contentDocActionCreate: { method: 'POST', path: '/api/admin/content/document-actions', access: 'admin', summary: '新增文档操作', body: adminDocumentActionCreate, response: adminDocumentAction },
  contentDocActionUpdate: { method: 'POST', path: '/api/admin/content/document-actions/:value', access: 'admin', summary: '修改文档操作（名称、指令、排序、开关）', params: adminDocumentActionParams, body: adminDocumentActionPatch, response: adminDocumentAction },
  contentWords: { method: 'GET', path: '/api/admin/content/words', access: 'admin', summary: '违规词列表', query: adminWordQuery, response: adminWordListReply },
  contentWordImport: { method: 'POST', path: '/api/admin/content/words', access: 'admin', summary: '添加违规词（每行一个，可批量导入）', body: adminWordImport, response: adminWordImportReply },
  contentWordDelete: { method: 'POST', path: '/api/admin/content/words/delete', access: 'admin', summary: '删除违规词', body: adminWordDelete, response: adminWordDeleteReply },
} as const satisfies Record<string, RouteDef>;
