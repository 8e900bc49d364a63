import { z } from 'zod';
import {
  deckExportQuery,
  deckGenerateReply,
  deckIdBody,
  deckIdQuery,
  deckListReply,
  deckOutlineBody,
  deckOutlineEvent,
  deckOutlineStreamQuery,
  deckOutlineValidateBody,
  deckOutlineValidateReply,
  deckSlideBody,
  deckThemeBody,
  deckView,
  pptPackageListReply,
} from '../schemas/slides.ts';
import { defineRoutes } from './define.ts';

export const slidesRoutes = defineRoutes('aippt', {
  packages: { method: ['GET', 'POST'], path: '/api/aippt/package/list', access: 'guest', summary: 'PPT 套餐（页数额度）与当前余额', response: pptPackageListReply },
  outlineValidate: {
    method: 'POST',
    path: '/api/aippt/outline/validate',
    access: 'user',
    moderate: ['topic', 'text', 'audience'],
    summary: '新建 PPT：检查主题等并返回大纲流的 secret',
    body: deckOutlineValidateBody,
    response: deckOutlineValidateReply,
  },
  outline: { method: 'GET', path: '/api/aippt/outline/stream', access: 'user', kind: 'sse', summary: '大纲流（SSE）', query: deckOutlineStreamQuery, response: deckOutlineEvent },
  saveOutline: { method: 'POST', path: '/api/aippt/deck/outline', access: 'user', moderate: ['title', 'outline'], summary: '保存编辑后的大纲', body: deckOutlineBody, response: deckView },
  generate: { method: 'POST', path: '/api/aippt/deck/generate', access: 'user', summary: '按大纲生成幻灯片（后台任务，扣 1 次 PPT 额度）', body: deckIdBody, response: deckGenerateReply },
  cancel: { method: 'POST', path: '/api/aippt/deck/cancel', access: 'user', summary: '停止生成（额度退回）', body: deckIdBody, response: deckView },
  theme: { method: 'POST', path: '/api/aippt/deck/theme', access: 'user', summary: '切换主题（不调用模型）', body: deckThemeBody, response: deckView },
  slide: { method: 'POST', path: '/api/aippt/deck/slide', access: 'user', moderate: ['slide'], summary: '修改一页的文字', body: deckSlideBody, response: deckView },
  delete: { method: 'POST', path: '/api/aippt/deck/delete', access: 'user', summary: '删除 PPT', body: deckIdBody, response: z.null() },
  list: { method: 'GET', path: '/api/aippt/deck/list', access: 'user', summary: '我的 PPT', response: deckListReply },
  view: { method: 'GET', path: '/api/aippt/ppt/viewContent', access: 'user', summary: '一份 PPT 的大纲、幻灯片与进度', query: deckIdQuery, response: deckView },
  export: { method: 'GET', path: '/api/aippt/deck/export', access: 'user', kind: 'file', summary: '下载 .pptx（或 LibreOffice 在时的 PDF）', query: deckExportQuery },
});
