import { z } from 'zod';
import {
  thesisCreateBody,
  thesisCreateReply,
  thesisDetail,
  thesisExportQuery,
  thesisIdBody,
  thesisIdQuery,
  thesisJobReply,
  thesisListReply,
  thesisOrderBindBody,
  thesisOrderBindReply,
  thesisOrderIndexReply,
  thesisOutlineEvent,
  thesisOutlineSaveBody,
  thesisOutlineStreamBody,
  thesisRewriteBody,
  thesisSecretReply,
  thesisWatchEvent,
  thesisWriteBody,
} from '../schemas/thesis.ts';
import { defineRoutes } from './define.ts';

export const thesisRoutes = defineRoutes('thesis', {
  create: { method: 'POST', path: '/api/thesis/create', access: 'user', moderate: ['title', 'discipline', 'requirements'], summary: '新建论文（题目、类型、学科、字数、语言、要求）', body: thesisCreateBody, response: thesisCreateReply },
  list: { method: 'GET', path: '/api/thesis/list', access: 'user', summary: '我的论文', response: thesisListReply },
  detail: { method: 'GET', path: '/api/thesis/detail', access: 'user', summary: '论文详情（大纲与已写内容）', query: thesisIdQuery, response: thesisDetail },
  remove: { method: 'POST', path: '/api/thesis/delete', access: 'user', summary: '删除论文', body: thesisIdBody, response: z.null() },
  outlinePrepare: { method: 'POST', path: '/api/thesis/outline/prepare', access: 'user', summary: '生成大纲的准备：返回 secret', body: thesisIdBody, response: thesisSecretReply },
  outlineStream: { method: 'POST', path: '/api/thesis/outline/stream', access: 'user', kind: 'sse', summary: '大纲生成流（SSE）', body: thesisOutlineStreamBody, response: thesisOutlineEvent },
  outlineSave: { method: 'POST', path: '/api/thesis/outline/save', access: 'user', moderate: ['outline'], summary: '保存编辑后的大纲', body: thesisOutlineSaveBody, response: thesisDetail },
  write: { method: 'POST', path: '/api/thesis/write', access: 'user', summary: '开始逐节写作（后台任务，预扣积分或使用论文订单）', body: thesisWriteBody, response: thesisJobReply },
  rewrite: { method: 'POST', path: '/api/thesis/section/rewrite', access: 'user', summary: '重写一节（后台任务）', body: thesisRewriteBody, response: thesisJobReply },
  cancel: { method: 'POST', path: '/api/thesis/cancel', access: 'user', summary: '停止写作（已写的小节保留）', body: thesisIdBody, response: z.null() },
  watch: { method: 'GET', path: '/api/thesis/watch', access: 'user', kind: 'sse', summary: '写作进度流（SSE，可随时重新打开）', query: thesisIdQuery, response: thesisWatchEvent },
  export: { method: 'GET', path: '/api/thesis/export', access: 'user', kind: 'file', summary: '导出 Word（.docx）或 Markdown', query: thesisExportQuery },
  orderIndex: { method: 'GET', path: '/api/thesis/order/index', access: 'guest', summary: '论文订单及状态（游客凭 X-Client-Code 看本设备待绑定的）与论文套餐', response: thesisOrderIndexReply },
  orderBind: { method: 'POST', path: '/api/thesis/order/bind', access: 'user', summary: '把游客的论文订单绑定到当前账号（仅一次）', body: thesisOrderBindBody, response: thesisOrderBindReply },
});
